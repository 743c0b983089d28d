import { isObject, parseJsonLoose, pickNumber, type JsonObject } from './event-fields.js';

export interface UsageFigures {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

const INPUT_KEYS = ['input_tokens', 'prompt_tokens', 'inputTokens', 'promptTokens'] as const;
const OUTPUT_KEYS = ['output_tokens', 'completion_tokens', 'outputTokens', 'completionTokens'] as const;
const TOTAL_KEYS = ['total_tokens', 'totalTokens'] as const;

function figuresIn(obj: JsonObject): UsageFigures | undefined {
  const input = pickNumber(obj, INPUT_KEYS);
  const output = pickNumber(obj, OUTPUT_KEYS);
  const total = pickNumber(obj, TOTAL_KEYS);
  if (input === undefined && output === undefined && total === undefined) return undefined;
  const i = Math.max(0, input ?? 0);
  const o = Math.max(0, output ?? 0);
  return { inputTokens: i, outputTokens: o, totalTokens: Math.max(0, total ?? i + o) };
}

/**
 * Token figures of a `usage` event. The service does not document the layout, so figures are
 * looked for in a `usage` member, in `output.usage`, in `output`, in `content` (JSON) and in
 * the event's own fields — the first place that has any wins, so nothing is counted twice.
 */
export function readUsage(event: JsonObject): UsageFigures | undefined {
  const output = isObject(event.output) ? event.output : undefined;
  const places: unknown[] = [event.usage, output?.usage, output, parseJsonLoose(event.content), event];
  for (const p of places) {
    if (!isObject(p)) continue;
    const f = figuresIn(p);
    if (f) return f;
  }
  return undefined;
}
