/**
 * Response bodies as JSON text. Ids beyond 2^53 are held as bigints and written as plain JSON
 * integers, as the real service writes them; JSON.stringify refuses bigints, so a body holding
 * one goes through lossless-json's stringify instead.
 * @see https://github.com/josdejong/lossless-json
 */
import { stringify } from 'lossless-json';

export function toJsonText(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch (error) {
    // "Do not know how to serialize a BigInt"; a cycle would fail the same way below.
    if (!(error instanceof TypeError)) throw error;
    return stringify(body) ?? 'null';
  }
}
