import { Transform } from 'node:stream';

const LF = 0x0a;
const CR = 0x0d;

/**
 * Passes an event stream's bytes through unchanged, failing with `tooLarge()` once one event (the
 * bytes since the last blank line, which the SSE parser must hold) passes `maxBytes`. A stream may
 * run for minutes, so it is each event that is capped, not the whole body.
 * @see https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation
 */
export function limitEventSize(maxBytes: number, tooLarge: () => Error): Transform {
  let eventBytes = 0;
  let atLineStart = true;
  let afterCr = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      for (const byte of chunk) {
        if (byte === LF && afterCr) {
          afterCr = false; // the LF of a CRLF: the same line end
        } else if (byte === LF || byte === CR) {
          if (atLineStart) eventBytes = 0; // an empty line ends the event
          atLineStart = true;
          afterCr = byte === CR;
        } else {
          atLineStart = false;
          afterCr = false;
          if (++eventBytes > maxBytes) return done(tooLarge());
        }
      }
      done(null, chunk);
    },
  });
}
