/**
 * The "Figures checked" section under a completed agent answer: how many of the report's figures
 * match the company's statements and, for each one that differs, a `:warning:` line with the
 * report's value as written, the statement's value (formatted as the cards format amounts, in the
 * statement's currency), the statement line and period, linked to the filing when the run's
 * sources hold it. The answer's own text is never rewritten: this only adds to its tail.
 *
 * Everything shown from the report, the service or the run's sources is escaped (no mention,
 * broadcast or link can form), and the section stays within Slack's limits whatever it is given:
 * at most MAX_DIFFERS_SHOWN warning lines, each clamped, packed into sections of at most 3,000
 * characters.
 */
import type { KnownBlock } from '@slack/types';
import type { CheckedFigures } from '../../../agent/state/checked-figures.js';
import type { FigureMeasure, FigureVerdict, KnownCompany, StatementFigure } from '../../../figures/figure-types.js';
import type { AnswerLanguage } from '../../../language/answer-language.js';
import { companyName } from '../../../language/company-names.js';
import { glossary } from '../../../language/glossary.js';
import { localPeriodLabel } from '../../../language/period-words.js';
import { bold, escapeMrkdwn, inlineCode, mrkdwnLink } from '../../blocks/escape.js';
import { clampPlainText } from '../../blocks/clamp-text.js';
import { formatCompact, formatNumber, formatPercent } from '../../blocks/format.js';
import { SLACK_LIMITS } from '../../blocks/limits.js';
import { noteBlock, sectionBlock } from '../../blocks/markdown/markdown-to-blocks.js';
import { figureCheckWords, type FigureCheckWords } from './figure-check-words.js';

/** Warning lines shown; the rest are counted ("and 3 more"): the section is a summary, not an audit log. */
export const MAX_DIFFERS_SHOWN = 10;
/** Caps of the untrusted parts of a line, so ten lines always fit in a few sections. */
const MAX_NAME_CHARS = 60;
const MAX_WRITTEN_CHARS = 60;
const MAX_LINE_CHARS = 80;
/** A longer source address is left unlinked rather than let one line outgrow its section. */
const MAX_URL_CHARS = 1000;

type Differs = Extract<FigureVerdict, { status: 'differs' }>;

/** The section's blocks; none when the report quoted no figure. */
export function runFigureCheckBlocks(figures: CheckedFigures | undefined, language: AnswerLanguage): KnownBlock[] {
  const check = figures?.check;
  if (!check || check.checked + check.unchecked === 0) return [];
  const words = figureCheckWords(language);
  const heading = bold(escapeMrkdwn(words.heading));
  const blocks: KnownBlock[] = [];
  if (check.checked > 0) {
    const summary =
      check.differs.length === 0
        ? words.allMatch(check.checked, companyCount(check.differs, figures))
        : words.someMatch(check.matched, check.checked);
    const lines = [heading, escapeMrkdwn(summary), ...differsLines(check.differs, figures?.companies ?? [], language, words)];
    blocks.push(...packSections(lines));
  }
  if (check.unchecked > 0) {
    if (blocks.length === 0) blocks.push(sectionBlock(heading));
    blocks.push(noteBlock(escapeMrkdwn(words.unchecked(check.unchecked, check.checked === 0))));
  }
  return blocks;
}

/** How many companies the statements come from: those named in the check, at least one. */
function companyCount(differs: readonly Differs[], figures: CheckedFigures | undefined): number {
  const symbols = new Set([...(figures?.companies ?? []).map((c) => c.symbol), ...differs.map((d) => d.figure.symbol)]);
  return Math.max(1, symbols.size);
}

function differsLines(
  differs: readonly Differs[],
  companies: readonly KnownCompany[],
  lang: AnswerLanguage,
  words: FigureCheckWords,
): string[] {
  const lines = differs.slice(0, MAX_DIFFERS_SHOWN).map((d) => differsLine(d, companies, lang, words));
  const more = differs.length - MAX_DIFFERS_SHOWN;
  if (more > 0) lines.push(`_${escapeMrkdwn(words.more(more))}_`);
  return lines;
}

function differsLine(
  { figure, statement }: Differs,
  companies: readonly KnownCompany[],
  lang: AnswerLanguage,
  words: FigureCheckWords,
): string {
  const zh = lang === 'zh';
  const company = companies.find((c) => c.symbol === figure.symbol);
  const name = (company && companyName(company, lang)) || figure.symbol;
  const what = [
    escapeMrkdwn(clampPlainText(name, MAX_NAME_CHARS)),
    escapeMrkdwn(words.measured(words.metric[figure.metric], figure.measure)),
    ...(figure.period ? [escapeMrkdwn(periodText(withEndOf(figure.period, statement.period), lang))] : []),
  ].join(' · ');
  const written = bold(escapeMrkdwn(clampPlainText(figure.written, MAX_WRITTEN_CHARS)));
  const value = bold(escapeMrkdwn(statementValue(statement, figure.measure, lang, words)));
  const where = [
    `${statementName(statement, words)} ${inlineCode(escapeMrkdwn(clampPlainText(statement.line, MAX_LINE_CHARS)))}`,
    escapeMrkdwn(periodText(statement.period, lang)),
  ].join(zh ? '，' : ', ');
  return zh
    ? `:warning: ${what}：${words.report} ${written} · ${words.statement} ${value}（${where}）`
    : `:warning: ${what}: ${words.report} ${written} · ${words.statement} ${value} (${where})`;
}

/** The statement's name, linked to its filing when the run's sources hold one. */
function statementName(statement: StatementFigure, words: FigureCheckWords): string {
  const name = words.statementName[statement.statement];
  const url = statement.sourceUrl;
  return url && url.length <= MAX_URL_CHARS ? mrkdwnLink(url, name) : escapeMrkdwn(name);
}

/** The report's period, dated by the statement's when they are the same period (so 2024年年报 reads alike in both places). */
function withEndOf(period: Period, of: Period): Period {
  const same = period.fiscalYear === of.fiscalYear && period.kind === of.kind;
  return same && !period.endDate && of.endDate ? { ...period, endDate: of.endDate } : period;
}

type Period = { fiscalYear: number; kind: string; endDate?: string };

function periodText(period: Period, lang: AnswerLanguage): string {
  return localPeriodLabel(
    { fiscalYear: period.fiscalYear, period: period.kind, ...(period.endDate ? { endDate: period.endDate } : {}) },
    lang,
  );
}

/** The statement's value as the cards show one: amounts compact in its currency (亿 in Chinese), ratios to two decimals. */
export function statementValue(statement: StatementFigure, measure: FigureMeasure, lang: AnswerLanguage, words: FigureCheckWords): string {
  const { value, currency } = statement;
  switch (statement.unit) {
    case 'percent':
      return formatPercent(value, measure !== 'level', 2);
    case 'points':
      return words.points(formatNumber(value, 2, true));
    case 'per_share':
      return words.perShare(formatNumber(value, 2), currency);
    case 'amount': {
      if (lang === 'en') return formatCompact(value, currency);
      const g = glossary(lang);
      return `${formatNumber(value / g.amountDivisor, 2)}${g.amountUnit(currency)}`;
    }
  }
}

/** Lines joined into as few sections as fit Slack's 3,000 characters (a line never splits). */
function packSections(lines: readonly string[]): KnownBlock[] {
  const max = SLACK_LIMITS.sectionTextChars;
  const texts: string[] = [];
  let current = '';
  for (const line of lines) {
    const next = current === '' ? line : `${current}\n${line}`;
    if (next.length <= max) current = next;
    else {
      if (current !== '') texts.push(current);
      current = line.slice(0, max);
    }
  }
  if (current !== '') texts.push(current);
  return texts.map(sectionBlock);
}
