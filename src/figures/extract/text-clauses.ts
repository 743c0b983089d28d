/**
 * How the words around a value decide whether it belongs to a metric: sentence ends, the words
 * allowed between a metric and its value, metric words that are only a denominator ("% of
 * revenue", 占营收) or a part of the whole ("Data Center revenue", 茅台酒收入), values of another
 * period ("up from USD 49.8bn a year earlier"), and forecasts. Every test errs towards "not a
 * figure": a figure missed costs less trust than a false warning.
 */

export interface Span {
  index: number;
  length: number;
}

/** Index of the start of the sentence holding `at`: after "。；;!?" or ". " (not "Inc. ", "vs. "). */
export function sentenceStart(text: string, at: number): number {
  for (let i = at - 1; i >= 0; i--) {
    const c = text[i];
    if (c === '。' || c === '；' || c === ';' || c === '!' || c === '?' || c === '！' || c === '？' || c === '\n') return i + 1;
    if (c === '.' && /\s/.test(text[i + 1] ?? '') && !/(?:\b(?:Inc|Corp|Co|Ltd|vs|No|approx|est)|\d)$/i.test(text.slice(0, i)))
      return i + 1;
  }
  return 0;
}

/** The text with the given spans blanked out (kept as spaces so indexes stay). */
export function blank(text: string, spans: readonly Span[]): string {
  // split(''): one element per UTF-16 unit, as the indexes are.
  const chars = text.split('');
  for (const s of spans) for (let i = s.index; i < s.index + s.length && i < chars.length; i++) chars[i] = ' ';
  return chars.join('');
}

/** Words that may stand between a metric and its first value: "revenue of", "营业收入为", "net income was". */
const LEAD_FILLER =
  /^(?:[\s,，:：()（）'’s]|of|was|were|is|at|to|came to|reached|totall?ed|stood at|amounted to|rose|grew|fell|increased|decreased|declined|climbed|dropped|jumped|up|down|by|in|for|during|the|a|an|its|their|on|just|reported|posted|recorded|delivered|generated|achieved|came in at|came in|came to|landed at|hit|improved to|improved|expanded|narrowed|widened|slipped|edged up|edged down|stood|remained|held|ended|with|为|达|达到|实现|录得|是|至|到|比例|比重|比例为|比重为|下降至|上升至|提升至|降至|升至|增至|增长至|为约|分别为|(?:同比|较上年同期|较去年同期))*$/i;

/** Words that may stand between two values of one metric: "USD 54.39bn, +9.2% on a year earlier", "147.7亿元，同比+251.4%". */
const CHAIN_FILLER =
  /^(?:[\s,，、:：()（）]|and|or|to|in|for|from|against|versus|vs\.?|compared with|up|down|rising|falling|was|were|is|by|a|an|the|on|of|year|earlier|ago|year-on-year|year over year|YoY|y\/y|from a year earlier|with|margin|sequentially|quarter-on-quarter|QoQ|(?:from )?(?:the )?(?:prior|previous|preceding|last) quarter|环比|较上一?季度|比上一?季度|同比|较上年同期|较去年同期|较上年|较去年|比上年|上年同期|去年同期|增长|下降|为|至|和|及|与|占|占比|，同比)*$/i;

export function isLeadFiller(gap: string): boolean {
  // Blanked names leave runs of spaces: the length counts words, not the names between them.
  const words = gap.replace(/\s+/g, ' ');
  return words.length <= 48 && LEAD_FILLER.test(words);
}

export function isChainFiller(gap: string): boolean {
  const words = gap.replace(/\s+/g, ' ');
  return words.length <= 40 && CHAIN_FILLER.test(words);
}

/** A metric word that is the denominator of a share: "59.9% of revenue", "20.1% of total assets", 占营收. */
export function isDenominator(before: string): boolean {
  return (
    /(?:%|％|share|percentage|proportion|portion|part|third|half|quarter|fraction|ratio)\s+of\s+(?:the\s+|its\s+|their\s+|total\s+|group\s+)?$/i.test(
      before,
    ) ||
    /(?:占|占比|相对|除以|\/)\s*(?:总)?$/.test(before) ||
    /\bas\s+a\s+(?:share|percentage|multiple)\s+of\s+(?:the\s+)?$/i.test(before)
  );
}

/** Words before an English metric that keep it the company's total ("total revenue", "quarterly revenue", "its revenue"). */
const EN_TOTAL_WORDS = new Set(
  (
    'total group consolidated overall gaap ifrs reported quarterly annual full-year first-quarter second-quarter third-quarter fourth-quarter ' +
    'half-year its their the company whose record and with of in on at to from for as by while but than a an reported posted ' +
    'against versus vs had has have held holds were was is are or whereas also both combined ' +
    'generated had recorded delivered achieved booked saw grew rose fell said where which that quarter year half fiscal net'
  ).split(' '),
);

/** Characters before a Chinese metric that keep it the company's total (2024年营业收入, 公司营收, 实现营业收入). */
const ZH_TOTAL_BEFORE = /(?:^|[\s，,。；;：:（(）)、和及与的总期报度年季月司团末初])$|(?:实现|录得|取得|合计|合并|全年|整体)$/;

/**
 * Whether a metric word is about part of the company (a segment, product or region), judged by the
 * word just before it; `endsOfNames`: where company and period mentions end (they may stand before a total).
 */
export function isPartOfWhole(text: string, term: Span, endsOfNames: ReadonlySet<number>): boolean {
  let end = term.index;
  while (end > 0 && /\s/.test(text[end - 1] ?? '')) end--;
  if (endsOfNames.has(end)) return false;
  const possessive = /['’]s$/.exec(text.slice(0, end));
  if (possessive && endsOfNames.has(end - 2)) return false;
  const before = text.slice(0, term.index);
  const word = text.slice(term.index, term.index + 1);
  if (/[A-Za-z&]/.test(word)) {
    const prev = /([A-Za-z][\w&-]*)['’]?s?\s*$/.exec(before);
    if (!prev) return false;
    if (!/\s$/.test(before) && !/['’]s\s*$/.test(before)) return false;
    return !EN_TOTAL_WORDS.has((prev[1] ?? '').toLowerCase());
  }
  return !ZH_TOTAL_BEFORE.test(before);
}

/** A bound or an approximation ("over $50 billion", "近1700亿元", "1700亿元左右"): not the figure itself. */
export function isBoundOrApproximate(before: string, after: string): boolean {
  return (
    /(?:\b(?:over|more than|nearly|almost|about|around|roughly|approximately|approx\.?|some|at least|up to|under|less than|exceeding|above|below|close to|between|just over|just under|north of|south of)\s+|超过|逾|近|接近|约|大约|不到|不足|超|将近|高达)\s*$/i.test(
      before,
    ) || /^\s*(?:以上|以下|左右|上下|多|余)/.test(after)
  );
}

/** A sentence about a part of the company: "NVIDIA's Data Center segment generated revenue of …", 汽车业务营收. */
export function namesAPart(sentenceBeforeValue: string): boolean {
  return /\b(?:segments?|divisions?|business\s+units?|subsidiar(?:y|ies)|product\s+lines?)\b|板块|分部|业务|子公司|产品线/i.test(
    sentenceBeforeValue,
  );
}

/** A level of another period or of a comparison: "up from USD 49.8bn", "USD 49.8bn a year earlier", 上年同期为42.0亿元. */
export function isComparisonValue(before: string, after: string): boolean {
  return (
    /(?:\bfrom|\bversus|\bvs\.?|\bagainst|\bcompared\s+(?:with|to)|\bthan|上年同期|去年同期|上年|去年|上期|较)\s*(?:为|的)?\s*$/i.test(
      before,
    ) ||
    /^\s*\)?\s*(?:a\s+year\s+(?:earlier|ago|before)|the\s+year\s+before|in\s+the\s+(?:prior|previous|same)\s+(?:year|period|quarter)|last\s+year|一年前|上年同期|of\s+which|came\s+from)/i.test(
      after,
    )
  );
}

/** A sentence about the future or a hypothesis: its values are not the statements'. */
export function isForwardLooking(sentence: string): boolean {
  return /\b(?:expect(?:s|ed)?|guid(?:ance|ed|es)|outlook|forecasts?|consensus|estimates?|targets?|will|would|could|projected|projects|assum(?:e|es|ing)|scenario|if)\b|预计|预期|指引|预测|目标|有望|假设|若|如果|将/i.test(
    sentence,
  );
}

/** The report says its bracketed percentages are growth on a year earlier ("(growth on a year earlier in brackets)", 括号内为同比). */
export function saysBracketsAreGrowth(text: string): boolean {
  return /growth on a year earlier in brackets|year-on-year growth in brackets|in brackets:? growth on a year earlier|括号内为同比|括号内为同比增速|括号内为同比增长/i.test(
    text,
  );
}
