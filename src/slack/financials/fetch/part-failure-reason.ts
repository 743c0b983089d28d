import { isServiceError } from '../../../service/errors/service-error.js';

/** Why one part of a card (a snapshot's statement, a market's calendar, a compared company) is missing, in the user's words. */
export function partFailureReason(error: unknown): string {
  if (!isServiceError(error)) return 'it could not be loaded';
  switch (error.kind) {
    case 'not_found':
      return 'the service has no such data for this company';
    case 'validation':
      return 'the service did not accept the request';
    case 'auth':
      return "the service rejected the app's key";
    case 'bad_response':
      return 'the service answered something unexpected';
    default:
      return 'the service is unavailable right now';
  }
}
