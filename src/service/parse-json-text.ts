import { isInteger, parse } from 'lossless-json';

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
