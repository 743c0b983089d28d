/**
 * Cuts mrkdwn that is too long for one text object into pieces, never mid-word: at a blank
 * line, else a line break, else a sentence end (. ! ? and the CJK 。！？；), else a space,
 * else CJK commas (，、：), else any character boundary (CJK text has no spaces). A cut never
 * falls inside a `<url|label>` token, an `&amp;` entity, a surrogate pair or an emphasis span
 * we built; a cut inside a ``` code block closes the fence and reopens it in the next piece.
 */
import { ZWSP } from '../escape.js';

const FENCE = '```';
/** Room kept for the "\n```" that closes a fence cut in two. */
const FENCE_RESERVE = FENCE.length + 1;

interface Tier {
  pattern: RegExp;
  /** Where the cut goes relative to the match: before it, or after it. */
  cutAfter: boolean;
}

const TIERS: readonly Tier[] = [
  { pattern: /\n[ \t]*\n/g, cutAfter: false },
  { pattern: /\n/g, cutAfter: false },
  { pattern: /[.!?](?=[\s"'”’)\]]|$)|[。！？；]/g, cutAfter: true },
  { pattern: /[ \t\u3000]/g, cutAfter: false },
  { pattern: /[，、：,;]/g, cutAfter: true },
];

function insideToken(text: string, at: number): boolean {
  const open = text.lastIndexOf('<', at - 1);
  if (open >= 0) {
    const close = text.indexOf('>', open);
    if (close === -1 || close >= at) return true;
  }
  const amp = text.lastIndexOf('&', at - 1);
  if (amp >= 0 && at - amp < 12) {
    const semi = text.indexOf(';', amp);
    if (semi >= at && /^&(?:amp|lt|gt|#\d+|#x[0-9a-f]+|[a-z]+);/i.test(text.slice(amp, semi + 1))) return true;
  }
  const code = text.charCodeAt(at - 1);
  return code >= 0xd800 && code <= 0xdbff;
}

/** Our emphasis is `ZWSP m … m ZWSP` on one line; a cut inside would leave a stray marker. */
function insideEmphasis(text: string, at: number): boolean {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const prefix = text.slice(lineStart, at);
  for (const m of ['*', '_', '~']) {
    const opens = prefix.split(`${ZWSP}${m}`).length - 1;
    const closes = prefix.split(`${m}${ZWSP}`).length - 1;
    if (opens > closes) return true;
  }
  return false;
}

function validCut(text: string, at: number): boolean {
  return at > 0 && at < text.length && !insideToken(text, at) && !insideEmphasis(text, at);
}

/** Best cut position ≤ budget: the best tier found in the upper half, else anywhere. */
function bestCut(text: string, budget: number): number {
  const window = text.slice(0, budget + 1);
  for (const floor of [Math.floor(budget / 2), 1]) {
    for (const tier of TIERS) {
      const positions: number[] = [];
      for (const m of window.matchAll(tier.pattern)) {
        const at = tier.cutAfter ? (m.index ?? 0) + m[0].length : (m.index ?? 0);
        if (at >= floor && at <= budget) positions.push(at);
      }
      for (const at of [...positions].reverse()) {
        if (validCut(text, at)) return at;
      }
    }
  }
  // No boundary at all (one enormous word or an unbroken CJK run): any character boundary.
  for (let at = budget; at > 0; at--) if (validCut(text, at)) return at;
  return budget;
}

function fenceOpenAt(text: string): boolean {
  return (text.split(FENCE).length - 1) % 2 === 1;
}

/**
 * Splits `text` into pieces of at most `max` UTF-16 units. Nothing is dropped: joining the
 * pieces gives the text back, up to whitespace at the cuts and re-opened code fences.
 */
export function splitMrkdwn(text: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  const limit = Math.max(16, max);
  while (rest.length > limit) {
    const budget = rest.includes(FENCE) ? limit - FENCE_RESERVE : limit;
    let cut = bestCut(rest, budget);
    // A cut that keeps nothing but a fence would loop forever: cut hard instead.
    if (rest.slice(0, cut).replace(/```/g, '').trim() === '') {
      cut = budget;
      const code = rest.charCodeAt(cut - 1);
      if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
    }
    let head = rest.slice(0, cut).trimEnd();
    const inCode = fenceOpenAt(head);
    rest = rest.slice(cut).replace(/^[ \t\u3000]*\n+/, '');
    // Outside code, the space we cut at goes; inside code, indentation is content.
    if (!inCode) rest = rest.replace(/^[ \t\u3000]+/, '');
    if (inCode) {
      head += `\n${FENCE}`;
      rest = `${FENCE}\n${rest}`;
    }
    if (head.trim() !== '') pieces.push(head);
  }
  if (rest.trim() !== '') pieces.push(rest.trimEnd());
  return pieces;
}
