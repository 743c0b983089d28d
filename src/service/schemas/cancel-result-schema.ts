import { z } from 'zod';
import { optionalString, wireString } from './wire-fields.js';

/** Answer to cancelling a run. */
export const cancelResultSchema = z
  .object({ response_id: optionalString, status: wireString })
  .transform((body) => ({ responseId: body.response_id ?? '', status: body.status }));
