/**
 * Reports every request a Slack client sends to the app's call observers (metrics, traces): the
 * Web API method (`chat.postMessage`, taken from `<apiUrl><method>`) or `response_url` for anything
 * else Bolt's respond() posts to. The URL itself never leaves this file: a response_url is a
 * credential, and nothing but a method name is low-cardinality enough for a label.
 * @see https://docs.slack.dev/apis/web-api/rate-limits (a rate-limited call answers HTTP 429)
 */
import type { FetchFunction } from '@slack/web-api';
import type { CallObserver } from '../observability/call-observer.js';

/** Slack's own Web API base, what WebClient calls when no slackApiUrl is given. */
export const SLACK_API_URL = 'https://slack.com/api/';

const METHOD_NAME = /^[A-Za-z][A-Za-z0-9._]{0,63}$/;

export function createObservedFetch(fetchFn: FetchFunction, observer: CallObserver, apiUrl: string = SLACK_API_URL): FetchFunction {
  return async (url, init) => {
    const end = observer.start('slack', callName(String(url), apiUrl));
    let res: Awaited<ReturnType<FetchFunction>>;
    try {
      res = await fetchFn(url, init);
    } catch (error) {
      end({ error: error instanceof Error ? error.name : 'Error' });
      throw error;
    }
    end({ status: res.status, rateLimited: res.status === 429 });
    return res;
  };
}

/** The method of a Web API URL (query and unexpected shapes left out), else `response_url`. */
export function callName(url: string, apiUrl: string): string {
  if (!url.startsWith(apiUrl)) return 'response_url';
  const rest = url.slice(apiUrl.length);
  const query = rest.indexOf('?');
  const method = query === -1 ? rest : rest.slice(0, query);
  return METHOD_NAME.test(method) ? method : 'other';
}
