type UndefinedKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? K : never }[keyof T];
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** `{a: string; b: number | undefined}` → `{a: string; b?: number}`: the shape compact() returns. */
export type Compact<T> = Simplify<
  { [K in Exclude<keyof T, UndefinedKeys<T>>]: T[K] } & { [K in UndefinedKeys<T>]?: Exclude<T[K], undefined> }
>;

/**
 * Drops keys whose value is undefined, so results compare cleanly and serialise small; its type
 * makes those keys optional, which is how the schemas' outputs get their optional fields.
 */
export function compact<T extends object>(obj: T): Compact<T> {
  for (const key of Object.keys(obj) as Array<keyof T>) {
    if (obj[key] === undefined) delete obj[key];
  }
  return obj as Compact<T>;
}
