/**
 * A company's overview (/financials <SYMBOL> overview): who it is (name, industry, what it does),
 * its listing (exchange, date, shares) and its top shareholders as a table, with what the top
 * holders own together. Pure: its input is what kinds/overview.ts fetched.
 */
import type { KnownBlock, RawTextElement } from '@slack/types';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { compact, context, fields, header, section } from '../../blocks/card-parts.js';
import { escapeMrkdwn, mrkdwnLink } from '../../blocks/escape.js';
import { excerpt, formatCompact, formatCount, formatNumber, isNum, MISSING } from '../../blocks/format.js';
import { clampMessage, SLACK_LIMITS } from '../../blocks/limits.js';
import { cell } from '../../blocks/statement-table.js';
import { companyTitle } from '../cards/statement-card.js';
import { withNotShown } from '../cards/with-not-shown.js';
import type { CompanyOverview, Shareholder } from './overview-schema.js';
import { glossary } from '../../../language/glossary.js';

export interface OverviewData {
  kind: 'overview';
  /** Canonical `<MARKET>:<code>`. */
  symbol: string;
  /** Undefined when the service has no profile of the company (or could not give it). */
  profile?: CompanyOverview;
  /** Largest first, as the service ranks them. */
  shareholders: Shareholder[];
  /** Parts the service could not give now ("profile", "shareholders"), named under the card and in the file's title. */
  missing: string[];
  /** Why each part in `missing` is missing, in the user's words. */
  reasons?: Partial<Record<string, string>>;
}

const DESCRIPTION_CHARS = 600;
/** One header row, the rest holders: Slack shows at most 100 rows (the service's own default is 10). */
const MAX_HOLDERS = SLACK_LIMITS.tableRows - 1;

/** What the listed holders own together, in per cent of all shares; undefined when no holder gives a ratio. */
export function topHoldersShare(holders: readonly Shareholder[]): number | undefined {
  const ratios = holders.map((h) => h.ratio).filter(isNum);
  return ratios.length > 0 ? ratios.reduce((sum, r) => sum + r, 0) : undefined;
}

const labelled = (label: string, value: string | undefined): string | undefined => (value ? `*${label}*\n${value}` : undefined);

function profileFields(p: CompanyOverview): string[] {
  const listed = [p.exchange, p.listingDate ? `since ${p.listingDate}` : undefined].filter(Boolean).join(' ');
  const people = (title: string, name: string | undefined) => labelled(title, name ? escapeMrkdwn(name) : undefined);
  return [
    labelled('Listed', listed ? escapeMrkdwn(listed) : undefined),
    labelled('Founded', p.establishedDate ? escapeMrkdwn(p.establishedDate) : undefined),
    labelled('Headquarters', p.headquarters ? escapeMrkdwn(p.headquarters) : undefined),
    labelled('Employees', isNum(p.employees) ? formatCount(p.employees) : undefined),
    people('Chairman', p.chairman),
    people('CEO', p.ceo),
    labelled('Total shares', isNum(p.totalShares) ? formatCompact(p.totalShares) : undefined),
    labelled('Float shares', isNum(p.floatShares) ? formatCompact(p.floatShares) : undefined),
    labelled('Website', p.website ? mrkdwnLink(p.website, p.website.replace(/^https?:\/\//, '')) : undefined),
  ].filter((f): f is string => f !== undefined);
}

const changeText = (change: number | undefined): string => {
  if (change === 0) return 'unchanged';
  return isNum(change) ? `${change > 0 ? '+' : ''}${formatCompact(change)}` : MISSING;
};

/** Text cells: the `table` block takes no numbers (a `data_table` would, but a short list needs no sorting). */
function shareholderRows(holders: readonly Shareholder[]): RawTextElement[][] {
  return [
    [cell('Holder'), cell('% of shares'), cell('Shares'), cell('Change')],
    ...holders.map((h) => [
      cell(h.name),
      cell(isNum(h.ratio) ? `${formatNumber(h.ratio)}%` : MISSING),
      cell(formatCompact(h.shares)),
      cell(changeText(h.change)),
    ]),
  ];
}

function shareholderBlocks(holders: readonly Shareholder[]): KnownBlock[] {
  if (holders.length === 0) return [section('*Top shareholders*\nThe service lists no shareholders for this company.')];
  const shown = holders.slice(0, MAX_HOLDERS);
  const together = topHoldersShare(shown);
  const asOf = shown.find((h) => h.asOf)?.asOf;
  return compact([
    section(`*Top ${shown.length} shareholder${shown.length === 1 ? '' : 's'}*`),
    // The holder column wraps; the figures keep to one line.
    { type: 'table', rows: shareholderRows(shown), column_settings: [{ is_wrapped: true }] },
    context(
      escapeMrkdwn(
        [asOf ? `As of ${asOf}` : undefined, isNum(together) ? `together ${formatNumber(together)}% of all shares` : undefined]
          .filter(Boolean)
          .join(' · '),
      ),
    ),
  ]);
}

/** The profile's name in the card's language (English), as every card names the company (language/glossary.ts). */
export function overviewCompanyName(symbol: string, p: CompanyOverview | undefined): string | undefined {
  return glossary('en').companyName({ symbol, names: [p?.nameEn, p?.name] });
}

export function renderCompanyOverview(data: OverviewData): SlackMessage {
  const p = data.profile;
  const name = overviewCompanyName(data.symbol, p);
  const title = `${companyTitle({ symbol: data.symbol, ...(name ? { companyName: name } : {}) })} · Overview`;
  const notShown = data.missing.map((part) => `the ${part}${data.reasons?.[part] ? ` (${data.reasons[part]})` : ''}`);
  if (!p && data.shareholders.length === 0 && data.missing.length === 0) {
    return clampMessage({
      text: escapeMrkdwn(`No overview data for ${data.symbol}.`),
      blocks: [
        header(title),
        section(
          `The service has no profile or shareholders of ${escapeMrkdwn(data.symbol)}. Check the symbol, e.g. US:NVDA, SH:600519, HK:00700.`,
        ),
      ],
    });
  }
  // The company's other name (贵州茅台 beside Kweichow Moutai), when it has one.
  const otherName = [p?.name, p?.nameEn].find((n) => n && n !== name);
  const about = p ? [otherName, p.industry, p.currency ? `reports in ${p.currency}` : undefined].filter(Boolean).join(' · ') : '';
  const blocks: Array<KnownBlock | false | undefined> = [
    header(title),
    about ? context(escapeMrkdwn(about)) : undefined,
    p?.description ? section(escapeMrkdwn(excerpt(p.description, DESCRIPTION_CHARS))) : undefined,
    p && profileFields(p).length > 0 ? fields(profileFields(p)) : undefined,
    ...(data.missing.includes('shareholders') ? [] : shareholderBlocks(data.shareholders)),
  ];
  const fallback = [
    title,
    about,
    ...data.shareholders.slice(0, 5).map((h) => `${h.name}: ${isNum(h.ratio) ? `${formatNumber(h.ratio)}%` : MISSING}`),
  ]
    .filter(Boolean)
    .join('\n');
  return withNotShown(clampMessage({ text: escapeMrkdwn(fallback), blocks: compact(blocks) }), notShown);
}
