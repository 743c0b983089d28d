/**
 * How every card writes the change of an amount from one period to another. The rule, so that a
 * negative amount (an outflow, a loss) never reads the wrong way round:
 *
 * - Both positive: the signed change, "+12.5%" / "−8.0%".
 * - Both negative: the change of the size of the outflow or loss, named: −100 → −150 reads
 *   "outflow up 50.0%", −150 → −100 "outflow down 33.3%" (never a bare "+50%" or "−50%", which
 *   readers take for better or worse the wrong way round).
 * - A sign change (inflow to outflow, profit to loss) or a zero base has no meaningful
 *   percentage: "n/m" (analysts' "not meaningful"); the figures beside it tell the story.
 * - Zero to zero is "0.0%"; a value that falls to zero is "−100.0%" (or "outflow down 100.0%").
 * - Beyond ±1,000% the percentage says more about a tiny base than about the company: "n/m".
 * - Either value missing: "—".
 */
import { formatNumber, isNum, MISSING } from './format.js';

/** What a negative amount of a line is called: a cash outflow, a loss, or (for anything else) a deficit. */
export type NegativeName = 'outflow' | 'loss' | 'deficit';

/** The note a card's caption carries when a change column may say "n/m". */
export const NOT_MEANINGFUL_NOTE = 'n/m: not meaningful (sign change or zero base)';

const MEANINGFUL_CHANGE_PCT = 1000;

export function formatChange(latest: number | undefined, prior: number | undefined, negative: NegativeName = 'deficit'): string {
  if (!isNum(latest) || !isNum(prior)) return MISSING;
  if (prior === 0) return latest === 0 ? `${formatNumber(0, 1)}%` : 'n/m';
  if (latest !== 0 && Math.sign(latest) !== Math.sign(prior)) return 'n/m';
  // Change of the size, relative to the prior size: the same number for both signs.
  const pct = ((Math.abs(latest) - Math.abs(prior)) / Math.abs(prior)) * 100;
  if (Math.abs(pct) > MEANINGFUL_CHANGE_PCT) return 'n/m';
  if (prior > 0) return `${formatNumber(pct, 1, true)}%`;
  const size = formatNumber(Math.abs(pct), 1);
  return pct === 0 ? `${negative} unchanged` : `${negative} ${pct > 0 ? 'up' : 'down'} ${size}%`;
}
