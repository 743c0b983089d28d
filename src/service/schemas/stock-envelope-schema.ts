import { z } from 'zod';
import { optionalNumber, optionalString } from './wire-fields.js';

/**
 * The `{status, code, message, data}` wrapper of every /v1/stock/* response. `code` 0 means
 * success; `data` is read by the endpoint's own schema only then.
 */
export const stockEnvelopeSchema = z
  .object({ status: optionalNumber, code: optionalNumber, message: optionalString, data: z.unknown().optional() })
  .transform((body) => ({ status: body.status, code: body.code ?? 0, message: body.message ?? '', data: body.data }));
