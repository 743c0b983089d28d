/**
 * The agent routes answer an unknown conversation or assistant message with 400
 * `{"detail": "Invalid conversation_id"}` (the published schema documents 400, not 404): the id
 * names nothing, which is "not found" to a caller, not a request it could correct.
 * @see published-openapi-2026-04.yaml (agent routes: 400 Bad Request), in the shared spec folder
 */
const UNKNOWN_ID_DETAIL = /^invalid (conversation_id|assistant_message_id|message_id)\b/i;

export function isUnknownIdAnswer(status: number, detail: string | undefined): boolean {
  return status === 400 && detail !== undefined && UNKNOWN_ID_DETAIL.test(detail.trim());
}
