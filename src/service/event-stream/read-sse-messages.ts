import { createParser, type EventSourceMessage, type ParseError } from 'eventsource-parser';

export interface SseHooks {
  onComment?: (comment: string) => void;
  onParseError?: (error: ParseError) => void;
}

/**
 * Bytes → SSE messages. eventsource-parser handles fields split across chunks and LF, CR or CRLF
 * line ends; the streaming TextDecoder keeps a multi-byte character split across chunks whole.
 */
export async function* readSseMessages(body: AsyncIterable<Uint8Array | string>, hooks: SseHooks = {}): AsyncGenerator<EventSourceMessage> {
  const ready: EventSourceMessage[] = [];
  const parser = createParser({
    onEvent: (message) => ready.push(message),
    onComment: (comment) => hooks.onComment?.(comment),
    onError: (error) => hooks.onParseError?.(error),
  });
  const decoder = new TextDecoder();
  for await (const chunk of body) {
    parser.feed(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    yield* ready.splice(0, ready.length);
  }
  parser.feed(decoder.decode());
  // An event without its closing blank line at end of stream is discarded, as the SSE spec says.
  yield* ready.splice(0, ready.length);
}
