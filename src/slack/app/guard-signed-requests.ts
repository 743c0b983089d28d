/**
 * Puts screenSignedRequest in front of Bolt's HTTPReceiver: its public `requestListener` is what
 * its server calls for every request, so wrapping it adds the checks without forking Bolt.
 */
import type { RequestListener, ServerResponse } from 'node:http';
import { HTTPModuleFunctions } from '@slack/bolt';
import type { Logger } from '../../observability/logger.js';
import { type ScreenOptions, screenSignedRequest } from './screen-signed-request.js';
import { slackSignatureCheck } from '../kit/slack-signature.js';

/** Request urls are paths; only the path is read. */
const URL_BASE = 'http://localhost';

export interface GuardOptions extends Omit<ScreenOptions, 'signature'> {
  signingSecret: string;
  /** The paths Bolt receives Slack requests on (its `endpoints`). */
  endpoints: string[];
  logger: Logger;
}

export function guardSignedRequests(listener: RequestListener, options: GuardOptions): RequestListener {
  const { logger } = options;
  const answer = (res: ServerResponse, status: number): void => HTTPModuleFunctions.buildNoBodyResponse(res, status);
  const { signingSecret, ...rest } = options;
  const screen: ScreenOptions = { ...rest, signature: slackSignatureCheck(signingSecret) };

  return (req, res) => {
    // Stryker disable next-line StringLiteral: equivalent, a request an HTTP server hands over always has a url.
    const path = new URL(req.url ?? '/', URL_BASE).pathname;
    // Matched exactly as HTTPReceiver matches (its unboundRequestListener): every request Bolt would
    // take as an event is screened here, the only place its signature is verified.
    // Stryker disable next-line OptionalChaining: equivalent, Node's HTTP server always sets a request's method.
    if (req.method?.toUpperCase() !== 'POST' || !options.endpoints.includes(path)) {
      // Synchronously, so Bolt's server still answers an unknown route with its dispatch error handler.
      listener(req, res);
      return;
    }
    void (async () => {
      try {
        const screening = await screenSignedRequest(req, screen);
        switch (screening.verdict) {
          case 'refuse':
            logger.warn(screening.reason, { status: screening.status, ...screening.fields });
            answer(res, screening.status);
            return;
          case 'ssl_check':
            // @see https://docs.slack.dev/interactivity/implementing-slash-commands#ssl_check
            answer(res, 200);
            return;
          case 'replay':
            // Acknowledged like a duplicate event: the replayer learns nothing, and nothing runs twice.
            logger.info('replayed Slack request ignored', { kind: screening.kind });
            answer(res, 200);
            return;
          case 'unscreened':
            // Without the store a replay cannot be told apart; answering beats dropping a real command.
            logger.warn('signed request dedupe unavailable; processing the request', { kind: screening.kind, error: screening.error });
            break;
        }
        // 'pass' and 'unscreened' go on to Bolt.
        listener(req, res);
      } catch (error) {
        logger.error('screening a Slack request failed', { error });
        if (!res.headersSent) answer(res, 500);
      }
    })();
  };
}
