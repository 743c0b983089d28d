/** `/research help`: every subcommand with examples. Pure. */
import type { KnownBlock } from '@slack/types';
import type { SlackMessage } from '../../slack-api/slack-message.js';
import { context, header, section } from '../blocks/card-parts.js';
import { clampMessage } from '../blocks/limits.js';
import { code, examples } from '../kit/help-card.js';

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
        `• ${code('mode:smart|semantic|keywords')} ${code('sort:latest')} ${code('--public')}`,
        `• your files ${code('in:"Q3 notes"')} — a research folder, by its name or id · ${code('tag:<tag>')} — by tag (${code('tag:acme type:files')}: your files tagged so)`,
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
        `• ${code('/research folders')} — the workspace’s research folders · ${code('/research folder <name>')} — its files and their status`,
        `• ${code('/research folder create <name>')} / ${code('folder delete <id>')} — add files by sharing them with Research Desk in a DM`,
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
