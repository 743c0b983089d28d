/**
 * The largest response body the client reads from the service, in bytes. The service's largest
 * real answers (a document's full text, a long event list) are well under 1 MB; a body past this
 * is refused instead of held in memory, where one 150 MB answer once took the shared process from
 * 149 MB to 1.3 GB for good.
 */
export const MAX_SERVICE_BODY_BYTES = 8 * 1024 * 1024;
