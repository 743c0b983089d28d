/**
 * `/financials help`: the forms and examples of every kind, in the registry's order, so a kind
 * added there is listed here too. Pure.
 */
import type { KnownBlock } from '@slack/types';
import type { SlackMessage } from '../../slack-api/slack-message.js';
import { context, header, section } from '../blocks/card-parts.js';
import { escapeMrkdwn, inlineCode } from '../blocks/escape.js';
import { clampMessage } from '../blocks/limits.js';
import { FINANCIALS_KINDS } from './kinds/registry.js';

const code = (s: string): string => inlineCode(escapeMrkdwn(s));
const examples = (list: readonly string[]): string => list.map((e) => `• ${code(e)}`).join('\n');

export function renderFinancialsHelp(): SlackMessage {
  const symbolKinds = FINANCIALS_KINDS.filter((k) => k.words.grammar === 'symbol');
  const words = symbolKinds.flatMap((k) => (k.help.word ? [k.help.word] : [])).join('|');
  const form = `/financials <SYMBOL> [${words}] [annual|quarterly|cumulative] [limit:N] [fy:2024] [q:Q2]`;
  const leadSections = FINANCIALS_KINDS.flatMap((k) => {
    const s = k.help.section;
    return s ? [section(`*${escapeMrkdwn(s.title)}* ${code(s.form)}\n${examples(k.help.examples)}\n${escapeMrkdwn(s.note)}`)] : [];
  });
  const notes = symbolKinds.flatMap((k) => (k.help.note ? [k.help.note] : []));
  const blocks: KnownBlock[] = [
    header('/financials — company numbers, prices and earnings dates'),
    section(`${code(form)}\n${examples(symbolKinds.flatMap((k) => k.help.examples))}`),
    ...leadSections,
    section(
      'Table cards offer *Download CSV* and *Download XLSX*: every line at full precision, shared in the card’s thread (or by DM for a card only you see).',
    ),
    section(`${notes.join('; ')}. \`/financials\` alone opens a form.`),
    context('Symbols: `SH:600519` `SZ:000858` `HK:00700` `US:NVDA` — bare `600519`, `700`, `NVDA` work when unambiguous.'),
    context('Cards are visible only to you until you press *Share in channel* (or add `--public`, e.g. `/financials SH:600519 --public`).'),
  ];
  const leadForms = FINANCIALS_KINDS.flatMap((k) => (k.help.section ? [k.help.section.form] : []));
  return clampMessage({
    text: escapeMrkdwn(`How to use /financials: /financials <SYMBOL> [${words}], ${leadForms.join(', ')}`),
    blocks,
  });
}
