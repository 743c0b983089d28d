import { z } from 'zod';
import { isRecord } from '../read-shape.js';
import { recordsIn } from './wire-fields.js';

/** One item of a 422 body's `detail` array; `loc` members may be numbers (array indexes). */
export const validationIssueSchema = z.object({
  loc: z.union([z.array(z.unknown()).transform((loc) => loc.map(String)), z.string().transform((loc) => [loc])]).catch([]),
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
