import { z } from 'zod';
import { isRecord } from '../read-shape.js';
import { recordsIn } from './wire-fields.js';

/** A `loc` member: FastAPI gives field names as strings and list positions as integers. */
const locPart = (part: unknown): string | number => (typeof part === 'number' && Number.isInteger(part) ? part : String(part));

/**
 * One item of a 422 body's `detail` array (FastAPI's ValidationError: loc, msg, type). `loc`
 * items stay strings or integers, e.g. `['body', 'symbols', 0]`.
 */
export const validationIssueSchema = z.object({
  loc: z.union([z.array(z.unknown()).transform((loc) => loc.map(locPart)), z.string().transform((loc) => [loc])]).catch([]),
  msg: z.string().catch(''),
  type: z.string().catch(''),
});

/**
 * An error answer's body, whatever its form: FastAPI's 422 `{detail: [{loc, msg, type}]}`, the
 * agent routes' `{detail: "..."}`, or `{message}` / `{error}`. Never fails: an unreadable body
 * (HTML, empty) just carries no issues and no detail.
 */
export const errorBodySchema = z.preprocess(
  (body) => (isRecord(body) ? { issues: body.detail, detail: body.detail ?? body.message ?? body.error } : {}),
  z.object({
    issues: recordsIn(validationIssueSchema).catch([]),
    // Kept short: the service's own words reach users.
    detail: z
      .string()
      .min(1)
      .transform((text) => text.slice(0, 300))
      .optional()
      .catch(undefined),
  }),
);
