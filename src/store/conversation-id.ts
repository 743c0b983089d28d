/**
 * A stored record's conversation id. Service ids are decimal text (the real service's pass 2^53);
 * records written before that hold a number, with 0 for "none yet". Both read as text, '' for none.
 */
export function storedConversationId(value: unknown): string {
  if (typeof value === 'string') return value;
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? String(value) : '';
}
