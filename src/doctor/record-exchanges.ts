/**
 * Records each HTTP exchange the service client makes (method, path, status, body), as an undici
 * interceptor on the client's transport. The doctor calls the service through the app's own
 * client, so an answer passes exactly when the app would accept it; the recording adds what the
 * client keeps to itself: which paging names, document form and route the service answered with.
 * @see https://undici.nodejs.org/#/docs/api/Dispatcher?id=dispatchercomposeinterceptors-interceptor
 */
import type { Dispatcher } from 'undici';

export interface Exchange {
  method: string;
  /** Path without the query. */
  path: string;
  /** Absent when no answer arrived. */
  status?: number;
  /** The body as text, up to MAX_RECORDED_BODY characters; absent when no answer arrived. */
  body?: string;
}

/** Enough for the first page of any list the doctor asks for; longer bodies are cut. */
const MAX_RECORDED_BODY = 512 * 1024;

export interface ExchangeRecorder {
  readonly exchanges: readonly Exchange[];
  interceptor: Dispatcher.DispatcherComposeInterceptor;
}

export function createExchangeRecorder(): ExchangeRecorder {
  const exchanges: Exchange[] = [];
  const interceptor: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (opts, handler) => {
    const exchange: Exchange = { method: String(opts.method), path: String(opts.path).split('?')[0] ?? '' };
    exchanges.push(exchange);
    const chunks: Buffer[] = [];
    let size = 0;
    const recording: Dispatcher.DispatchHandler = {
      onRequestStart: (controller, context) => handler.onRequestStart?.(controller, context),
      onRequestUpgrade: (controller, statusCode, headers, socket) => handler.onRequestUpgrade?.(controller, statusCode, headers, socket),
      onResponseStart: (controller, statusCode, headers, statusMessage) => {
        exchange.status = statusCode;
        return handler.onResponseStart?.(controller, statusCode, headers, statusMessage);
      },
      onResponseData: (controller, chunk) => {
        if (size < MAX_RECORDED_BODY) {
          chunks.push(chunk);
          size += chunk.length;
        }
        return handler.onResponseData?.(controller, chunk);
      },
      onResponseEnd: (controller, trailers) => {
        exchange.body = Buffer.concat(chunks).toString('utf8').slice(0, MAX_RECORDED_BODY);
        return handler.onResponseEnd?.(controller, trailers);
      },
      onResponseError: (controller, error) => handler.onResponseError?.(controller, error),
    };
    return dispatch(opts, recording);
  };
  return { exchanges, interceptor };
}
