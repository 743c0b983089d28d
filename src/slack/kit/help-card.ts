/** Help cards for the three commands, and the usage card that names each problem and the right form. */
import type { UsageResult } from './commands/usage-problem.js';
import type { KnownBlock } from '@slack/types';
import type { SlackMessage } from '../../slack-api/slack-message.js';
import { context, divider, header, section } from '../blocks/card-parts.js';
import { escapeMrkdwn, inlineCode } from '../blocks/escape.js';
import { clampMessage } from '../blocks/limits.js';

const code = (s: string): string => inlineCode(escapeMrkdwn(s));
const examples = (list: string[]): string => list.map((e) => `• ${code(e)}`).join('\n');

export function renderResearchHelp(): SlackMessage {
  const blocks: KnownBlock[] = [
    header('/research — search research documents'),
    section(
      `*Search* ${code('/research <words> [filters]')}\n${examples(['/research AI capex guidance $NVDA last:90d', '/research 固态电池 产能 market:cn type:reports sort:latest', '/research "solid state battery" since:2024-01-01 --public'])}`,
    ),
    section(
      [
        '*Filters* (any order)',
        `• symbols ${code('$NVDA')} ${code('US:NVDA')} ${code('hk:700')} ${code('600519')}`,
        `• type ${code('type:news,reports')} — news, reports, filings, transcripts, financials, socials, files`,
        `• market ${code('market:cn,hk,us')} · dates ${code('since:2024-01-01')} ${code('until:2024-06-30')} ${code('last:30d')}`,
        `• ${code('mode:smart|semantic|keywords')} ${code('sort:latest')} ${code('in:<folder_id>')} ${code('--public')}`,
        '_Plain words are always search words; use `type:` for categories and `$` or a market prefix for tickers. Quote a phrase to search it literally._',
      ].join('\n'),
    ),
    section(
      [
        '*More*',
        `• ${code('/research news <words>')} — news only`,
        `• ${code('/research passages <words> [doc:<id>]')} — matching passages`,
        `• ${code('/research ask <question>')} — the research agent answers in a thread`,
        `• ${code('/research tag <tag> …')} — documents by tag`,
        `• ${code('/research folder create <name>')} / ${code('folder delete <id>')}`,
      ].join('\n'),
    ),
    section(
      [
        '*Watchlists*',
        `• ${code('/research watch <symbol|keyword> [category] [#channel]')} — new documents are posted to the channel (or to you, in a DM), once each; a symbol also gets the eve of its earnings date and the transcript’s summary`,
        '• categories: filings, reports, news, transcripts, financials, socials (all when none)',
        examples(['/research watch $NVDA filings news #markets', '/research watch "solid-state battery" reports']),
        `• ${code('/research watches [#channel]')} — the watches here, with Remove buttons (also on App Home)`,
      ].join('\n'),
    ),
    context('Results are visible only to you until you press *Share in channel* (or add `--public`).'),
  ];
  return clampMessage({ text: 'How to use /research: /research &lt;words&gt; [filters], e.g. /research AI capex $NVDA last:90d', blocks });
}

export function renderFinancialsHelp(): SlackMessage {
  const blocks: KnownBlock[] = [
    header('/financials — company numbers, prices and earnings dates'),
    section(
      `${code('/financials <SYMBOL> [income|balance|cashflow|revenue|prices] [annual|quarterly|cumulative] [limit:N] [fy:2024] [q:Q2]')}\n${examples(['/financials SH:600519', '/financials 600519 income annual limit:4', '/financials hk:700 balance quarterly limit:4', '/financials $NVDA revenue fy:2024', '/financials AAPL prices last:6m', '/financials SPX last:6m'])}`,
    ),
    section(
      `*Earnings calendar* ${code('/financials earnings [cn|hk|us] [this|next|last|YYYY-MM-DD]')}\n${examples(['/financials earnings us', '/financials earnings hk next', '/financials earnings cn 2025-08-25'])}\nA week runs Monday to Sunday; a date shows the week that contains it. Without a market, all three.`,
    ),
    section(
      `*Compare 2 to 5 companies* ${code('/financials compare <SYMBOL1> <SYMBOL2> [more] [income|balance|cashflow|revenue|prices] [annual|quarterly]')}\n${examples(['/financials compare 600519 000858 NVDA', '/financials compare HK:00700 US:AAPL balance quarterly', '/financials compare 600519 0700.HK AAPL prices'])}\nPeriods are matched by fiscal year; each company keeps its own currency (never converted). Income (revenue, net profit, margins) by default.`,
    ),
    section(
      'Table cards offer *Download CSV* and *Download XLSX*: every line at full precision, shared in the card’s thread (or by DM for a card only you see).',
    ),
    section(
      'No statement gives a snapshot (income, balance sheet, cash flow, revenue mix); `prices` takes `last:`, `since:` and `until:` (a year by default); indices (SPX, HSI, 000300) show prices and valuation. `/financials` alone opens a form.',
    ),
    context('Symbols: `SH:600519` `SZ:000858` `HK:00700` `US:NVDA` — bare `600519`, `700`, `NVDA` work when unambiguous.'),
    context('Cards are visible only to you until you press *Share in channel* (or add `--public`, e.g. `/financials SH:600519 --public`).'),
  ];
  return clampMessage({
    text: 'How to use /financials: /financials &lt;SYMBOL&gt; [income|balance|cashflow|revenue|prices], /financials compare &lt;SYMBOL1&gt; &lt;SYMBOL2&gt; [more], /financials earnings [cn|hk|us] [this|next|date]',
    blocks,
  });
}

export function renderConceptsHelp(): SlackMessage {
  const blocks: KnownBlock[] = [
    header('/concepts — trending market concepts'),
    section(examples(['/concepts', '/concepts top:5', '/concepts top:5 --public'])),
    section(
      `*Digests*\n${examples(['/concepts subscribe #research daily at:09:00 tz:Asia/Shanghai top:10', '/concepts subscribe weekdays at:08:30', '/concepts subscribe weekly mon', '/concepts unsubscribe #research', '/concepts subscriptions'])}`,
    ),
    context('Time zones are IANA names such as Asia/Shanghai, Europe/London, America/New_York.'),
    context('The list is visible only to you until you press *Share in channel* (or add `--public`).'),
  ];
  return clampMessage({
    text: 'How to use /concepts: /concepts [top:N], /concepts subscribe [#channel] [daily|weekdays|weekly mon]',
    blocks,
  });
}

/** Names every problem, the token that caused it, and the right form. */
export function renderUsage(result: UsageResult): SlackMessage {
  const problems = result.problems.slice(0, 10);
  const lines = problems.map((p) => `• ${p.token ? `${code(p.token)} — ` : ''}${escapeMrkdwn(p.message)}\n   Try: ${code(p.example)}`);
  const blocks: KnownBlock[] = [
    section(
      `:warning: ${problems.length === 1 ? 'One thing to fix' : `${problems.length} things to fix`} in ${escapeMrkdwn(result.command)}:\n${lines.join('\n')}`,
    ),
  ];
  if (result.problems.length > problems.length) blocks.push(context(`…and ${result.problems.length - problems.length} more`));
  blocks.push(divider(), context(`\`${escapeMrkdwn(result.command)} help\` shows every option.`));
  const text = `${result.command}: ${problems.map((p) => p.message).join(' ')}`;
  return clampMessage({ text: escapeMrkdwn(text), blocks });
}
