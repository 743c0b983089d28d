import { isInteger, LosslessNumber, parse, stringify } from 'lossless-json';

/**
 * JSON text → value, keeping integers beyond 2^53 exact: such a literal becomes its decimal text
 * (the real service's message ids are that large, and JSON.parse would round them). Every other
 * number is an ordinary JS number; a duplicate key keeps its last value, as JSON.parse does.
 * @see https://github.com/josdejong/lossless-json
 */
export function parseJsonText(text: string): unknown {
  // Any integer of 15 digits or fewer is safe: without a run of 16 digits JSON.parse loses nothing.
  if (!SIXTEEN_DIGITS.test(text)) return JSON.parse(text);
  return parse(text, null, { parseNumber, onDuplicateKey: ({ newValue }) => newValue });
}

const SIXTEEN_DIGITS = /\d{16}/;

function parseNumber(literal: string): number | string {
  const n = Number(literal);
  return isInteger(literal) && !Number.isSafeInteger(n) ? literal : n;
}

/**
 * Value → JSON text; an `integerText(...)` value goes out as a bare integer literal, exact beyond
 * 2^53 (the real service's agent ids), as JSON.stringify of a number could not.
 */
export function toJsonText(value: unknown): string {
  return stringify(value) ?? 'null';
}

/** An integer carried as its decimal text, for a request body: sent as a JSON number. */
export function integerText(digits: string): LosslessNumber {
  if (!/^-?\d+$/.test(digits)) throw new TypeError('an integer id must be decimal digits');
  return new LosslessNumber(digits);
}
