/**
 * A metric's labelled children, each built once: `histogram.labels(x)` hashes its labels on every
 * call, so the hot path asks this map instead. Bounded: past `max` distinct values, new ones share
 * the `other` child, so an unexpected name can never grow the registry without end.
 */
export function labelledChildren<C>(make: (value: string) => C, max = 100): (value: string) => C {
  const children = new Map<string, C>();
  return (value) => {
    let child = children.get(value);
    if (child === undefined) {
      const key = children.size < max ? value : 'other';
      child = children.get(key) ?? make(key);
      children.set(key, child);
    }
    return child;
  };
}
