/**
 * The magic words of the emulated agent (agent-run-script.ts says what each does). The question's
 * reading (companies, intent, sources) ignores them, so `[mistake]` or `[long]` changes nothing
 * but what the word asks for.
 */
export const MAGIC_WORDS = /\[(error|slow|long|hiccup|marathon|mistake)\]/gi;
