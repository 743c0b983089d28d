/**
 * Text templates for demo documents: a title, paragraphs, a table, an image caption and a
 * formula per category and language, filled with a company's facts.
 */
import type { DemoCompany } from './companies.js';
import type { Prng } from './prng.js';

export type DemoCategory = 'financials' | 'transcripts' | 'reports' | 'filings' | 'news' | 'socials' | 'files';
export type Language = 'zh' | 'en';

export interface DocumentText {
  title: string;
  type: string;
  institution: string;
  author: string;
  channelId: string;
  channelName: string;
  paragraphs: string[];
  table: { caption: string; header: string[]; rows: string[][] };
  image: string;
  formula: { latex: string; explain: string };
  event: string;
}

export interface TextContext {
  company: DemoCompany;
  lang: Language;
  /** e.g. 2024Q3 or FY2024 */
  periodLabel: string;
  fiscalYear: number;
  quarter: number;
  prng: Prng;
}

const ZH_REPORT_HOUSES = ['中信证券', '中金公司', '华泰证券', '国泰君安', '招商证券', '广发证券'];
const EN_REPORT_HOUSES = ['Goldman Sachs', 'Morgan Stanley', 'J.P. Morgan', 'UBS', 'Citi', 'BofA Securities'];
const ZH_ANALYSTS = ['王磊', '李娜', '陈晨', '刘洋', '张伟', '赵敏', '周婷'];
const EN_ANALYSTS = ['Emily Chen', 'David Park', 'Sarah Miller', 'James Wong', 'Laura Smith', 'Kevin Li'];
const ZH_NEWS = [
  ['cls', '财联社'],
  ['sina', '新浪财经'],
  ['wallstreetcn', '华尔街见闻'],
  ['yicai', '第一财经'],
] as const;
const EN_NEWS = [
  ['reuters', 'Reuters'],
  ['bloomberg', 'Bloomberg'],
  ['cnbc', 'CNBC'],
  ['ft', 'Financial Times'],
] as const;
const ZH_SOCIAL = [
  ['xueqiu', '雪球'],
  ['weibo', '微博'],
] as const;
const EN_SOCIAL = [
  ['x', 'X'],
  ['reddit', 'Reddit'],
  ['stocktwits', 'StockTwits'],
] as const;

function exchangeChannel(c: DemoCompany): [string, string] {
  switch (c.exchange) {
    case 'SH':
      return ['sse', '上海证券交易所'];
    case 'SZ':
      return ['szse', '深圳证券交易所'];
    case 'HK':
      return ['hkex', '香港交易所'];
    default:
      return ['sec', 'SEC EDGAR'];
  }
}

const pct = (p: Prng, lo: number, hi: number): string => p.float(lo, hi).toFixed(1);

/** Quarterly revenue in 亿 (zh) or billions (en) of the company's currency. */
function revenueFigure(ctx: TextContext): { zh: string; en: string; growth: string } {
  const base = ctx.company.assetScale * (ctx.company.industryEn === 'Banking' || ctx.company.industryEn === 'Insurance' ? 0.008 : 0.14);
  const value = base * ctx.prng.float(0.85, 1.2);
  return { zh: (value / 1e8).toFixed(1), en: (value / 1e9).toFixed(2), growth: pct(ctx.prng, -8, 45) };
}

function metricsTable(ctx: TextContext): DocumentText['table'] {
  const { prng, lang, company } = ctx;
  const years = [ctx.fiscalYear - 2, ctx.fiscalYear - 1, ctx.fiscalYear];
  const unit = lang === 'zh' ? '亿元' : `${company.currency} bn`;
  const rev = years.map(() => prng.float(100, 3000));
  rev.sort((a, b) => a - b);
  const header = lang === 'zh' ? ['指标', ...years.map((y) => `${y}年`)] : ['Metric', ...years.map((y) => `FY${y}`)];
  const rows =
    lang === 'zh'
      ? [
          [`营业收入（${unit}）`, ...rev.map((v) => v.toFixed(1))],
          [`归母净利润（${unit}）`, ...rev.map((v) => (v * prng.float(0.1, 0.5)).toFixed(1))],
          ['毛利率（%）', ...years.map(() => pct(prng, 20, 92))],
          ['ROE（%）', ...years.map(() => pct(prng, 8, 35))],
        ]
      : [
          [`Revenue (${unit})`, ...rev.map((v) => (v / 10).toFixed(2))],
          [`Net income (${unit})`, ...rev.map((v) => ((v / 10) * prng.float(0.1, 0.5)).toFixed(2))],
          ['Gross margin (%)', ...years.map(() => pct(prng, 20, 78))],
          ['ROE (%)', ...years.map(() => pct(prng, 8, 60))],
        ];
  const caption = lang === 'zh' ? `${company.nameZh}核心财务指标` : `${company.nameEn} key financial metrics`;
  return { caption, header, rows };
}

function formula(lang: Language, prng: Prng): DocumentText['formula'] {
  const options =
    lang === 'zh'
      ? [
          {
            latex: '\\text{毛利率} = \\frac{\\text{营业收入} - \\text{营业成本}}{\\text{营业收入}} \\times 100\\%',
            explain: '毛利率计算公式',
          },
          { latex: 'ROE = \\frac{\\text{归母净利润}}{\\text{平均归母净资产}}', explain: '净资产收益率定义' },
          { latex: 'PE_{TTM} = \\frac{\\text{总市值}}{\\text{近四个季度归母净利润}}', explain: '滚动市盈率计算方法' },
        ]
      : [
          { latex: '\\text{Gross margin} = \\frac{\\text{Revenue} - \\text{COGS}}{\\text{Revenue}}', explain: 'Gross margin definition' },
          { latex: 'FCF = CFO - \\text{CapEx}', explain: 'Free cash flow' },
          {
            latex: 'EV/EBITDA = \\frac{\\text{Market cap} + \\text{Net debt}}{\\text{EBITDA}}',
            explain: 'Valuation multiple used in the model',
          },
        ];
  return prng.pick(options);
}

export function buildDocumentText(category: DemoCategory, ctx: TextContext): DocumentText {
  const { company: c, lang, prng, periodLabel } = ctx;
  const rev = revenueFigure(ctx);
  const kwZh = prng.sample(c.keywordsZh, 2);
  const kwEn = prng.sample(c.keywordsEn, 2);
  const person = prng.pick(c.people);
  const zh = lang === 'zh';
  const name = zh ? c.nameZh : c.nameEn;

  const growthWord = Number(rev.growth) >= 0 ? (zh ? '增长' : 'up') : zh ? '下降' : 'down';
  const g = Math.abs(Number(rev.growth)).toFixed(1);
  const revenueSentence = zh
    ? `${c.nameZh}（${c.symbol}）${periodLabel}实现营业收入${rev.zh}亿元，同比${growthWord}${g}%。`
    : `${c.nameEn} (${c.symbol}) reported ${periodLabel} revenue of ${c.currency} ${rev.en} billion, ${growthWord} ${g}% year over year.`;
  const industryLine = zh
    ? `公司所属${c.industryZh}行业景气度${prng.pick(['稳中有升', '边际改善', '分化加剧', '保持高位'])}，${kwZh[0] ?? ''}与${kwZh[1] ?? ''}是市场关注的焦点。`
    : `The ${c.industryEn.toLowerCase()} industry is ${prng.pick(['stabilising', 'recovering', 'diverging', 'running hot'])}; investors focus on ${kwEn[0] ?? ''} and ${kwEn[1] ?? ''}.`;
  const image = zh
    ? `图表：${c.nameZh}近八个季度营业收入与同比增速走势`
    : `Chart: ${c.nameEn} quarterly revenue and year-over-year growth, last eight quarters`;
  const base = { table: metricsTable(ctx), formula: formula(lang, prng), image };

  switch (category) {
    case 'financials':
      return {
        ...base,
        type: 'financial_statement',
        event: zh ? '业绩发布' : 'earnings release',
        title: zh ? `${c.nameZh} ${periodLabel} 财务数据摘要` : `${c.nameEn} ${periodLabel} financial data summary`,
        institution: zh ? '公司财报' : 'Company financials',
        author: zh ? '数据中心' : 'Data Desk',
        channelId: 'financial_data',
        channelName: zh ? '财务数据' : 'Financial data',
        paragraphs: [
          revenueSentence,
          zh
            ? `资产负债结构稳健，经营活动现金流净额保持为正，现金及现金等价物${prng.pick(['小幅增加', '基本持平', '有所下降'])}。`
            : `The balance sheet remains solid; operating cash flow stayed positive and cash and equivalents were ${prng.pick(['slightly higher', 'flat', 'lower'])}.`,
          industryLine,
        ],
      };
    case 'transcripts':
      return {
        ...base,
        type: 'earnings_call',
        event: zh ? '业绩说明会' : 'earnings call',
        title: zh ? `${c.nameZh} ${periodLabel} 业绩说明会纪要` : `${c.nameEn} ${periodLabel} earnings call transcript`,
        institution: name,
        author: person,
        channelId: 'earnings_call',
        channelName: zh ? '业绩会' : 'Earnings calls',
        paragraphs: [
          zh
            ? `${person}：感谢各位参加本次业绩说明会。${revenueSentence}`
            : `${person}: Thank you for joining the call. ${revenueSentence}`,
          zh
            ? `问：请管理层展望一下${kwZh[0] ?? ''}的趋势？答：我们对${kwZh[1] ?? ''}保持信心，预计下半年${prng.pick(['需求稳步回升', '毛利率保持稳定', '资本开支有所增加'])}。`
            : `Q: How do you see ${kwEn[0] ?? ''} trending? A: We remain confident in ${kwEn[1] ?? ''} and expect ${prng.pick(['demand to keep improving', 'margins to stay stable', 'capital spending to rise'])} in the second half.`,
          industryLine,
        ],
      };
    case 'reports': {
      const house = zh ? prng.pick(ZH_REPORT_HOUSES) : prng.pick(EN_REPORT_HOUSES);
      const rating = zh ? prng.pick(['买入', '增持', '推荐']) : prng.pick(['Buy', 'Overweight', 'Outperform', 'Neutral']);
      return {
        ...base,
        type: 'company_research',
        event: zh ? '评级调整' : 'rating change',
        title: zh
          ? `${c.nameZh}（${c.code}）深度报告：${kwZh[0] ?? c.industryZh}驱动增长，维持“${rating}”评级`
          : `${c.nameEn} (${c.code}): ${kwEn[0] ?? 'growth'} drives upside, ${rating}`,
        institution: house,
        author: zh ? prng.pick(ZH_ANALYSTS) : prng.pick(EN_ANALYSTS),
        channelId: `broker_${house.toLowerCase().replace(/[^a-z]+/g, '_') || 'cn'}`,
        channelName: house,
        paragraphs: [
          zh
            ? `投资要点：${revenueSentence}我们维持“${rating}”评级，目标价对应${prng.int(15, 40)}倍市盈率。`
            : `Key points: ${revenueSentence} We rate the stock ${rating}, with a target price at ${prng.int(15, 40)}x forward earnings.`,
          industryLine,
          zh
            ? `风险提示：宏观需求不及预期；行业竞争加剧；${kwZh[1] ?? ''}进展低于预期。`
            : `Risks: weaker macro demand; tougher competition; slower progress on ${kwEn[1] ?? ''}.`,
        ],
      };
    }
    case 'filings': {
      const [channelId, channelName] = exchangeChannel(c);
      const annual = ctx.quarter === 4;
      return {
        ...base,
        type: annual ? 'annual_report' : 'quarterly_report',
        event: zh ? '定期报告' : 'periodic filing',
        title: zh
          ? `${c.nameZh}：${ctx.fiscalYear}年${annual ? '年度报告' : `第${ctx.quarter}季度报告`}`
          : `${c.nameEn} ${annual ? 'Annual Report' : `Form 10-Q`} for ${periodLabel}`,
        institution: name,
        author: zh ? '董事会' : 'Board of Directors',
        channelId,
        channelName,
        paragraphs: [
          zh
            ? `本公司董事会及全体董事保证本报告内容的真实、准确和完整。${revenueSentence}`
            : `This report is filed pursuant to applicable securities regulations. ${revenueSentence}`,
          zh
            ? `报告期内，公司围绕${kwZh.join('、')}开展经营，${person}主持董事会工作。`
            : `During the period the company focused on ${kwEn.join(' and ')}; ${person} oversaw operations.`,
        ],
      };
    }
    case 'news': {
      const [channelId, channelName] = zh ? prng.pick(ZH_NEWS) : prng.pick(EN_NEWS);
      const headline = zh
        ? prng.pick([
            `${c.nameZh}股价异动，${kwZh[0] ?? ''}消息提振市场情绪`,
            `${c.nameZh}发布${periodLabel}业绩，营收同比${growthWord}${g}%`,
            `${person}：${c.nameZh}将加大${kwZh[1] ?? ''}投入`,
            `机构调研${c.nameZh}，聚焦${kwZh[0] ?? ''}`,
          ])
        : prng.pick([
            `${c.nameEn} shares move as ${kwEn[0] ?? ''} news lifts sentiment`,
            `${c.nameEn} ${periodLabel} revenue ${growthWord} ${g}%`,
            `${person} says ${c.nameEn} will invest more in ${kwEn[1] ?? ''}`,
            `Analysts weigh ${c.nameEn}'s ${kwEn[0] ?? ''} outlook`,
          ]);
      return {
        ...base,
        type: 'news',
        event: zh ? '公司新闻' : 'company news',
        title: headline,
        institution: channelName,
        author: zh ? prng.pick(ZH_ANALYSTS) : prng.pick(EN_ANALYSTS),
        channelId,
        channelName,
        paragraphs: [revenueSentence, industryLine],
      };
    }
    case 'socials': {
      const [channelId, channelName] = zh ? prng.pick(ZH_SOCIAL) : prng.pick(EN_SOCIAL);
      return {
        ...base,
        type: 'post',
        event: zh ? '市场讨论' : 'discussion',
        title: zh ? `聊聊${c.nameZh}：${kwZh[0] ?? ''}还能走多远？` : `${c.code}: how far can ${kwEn[0] ?? 'this'} run?`,
        institution: channelName,
        author: zh ? `投资者${prng.int(1000, 9999)}` : `@trader${prng.int(100, 999)}`,
        channelId,
        channelName,
        paragraphs: [
          zh
            ? `个人观点，不构成投资建议。${c.nameZh}的${kwZh[0] ?? ''}逻辑没有变，${kwZh[1] ?? ''}是关键变量。`
            : `Not financial advice. The ${kwEn[0] ?? ''} thesis on $${c.code} is intact; ${kwEn[1] ?? ''} is the swing factor.`,
          revenueSentence,
        ],
      };
    }
    case 'files':
      return {
        ...base,
        type: prng.pick(['pdf', 'docx', 'xlsx']),
        event: zh ? '内部研究' : 'internal research',
        title: zh
          ? `内部笔记：${c.nameZh}${kwZh[0] ?? ''}跟踪（${periodLabel}）`
          : `Internal note: ${c.nameEn} ${kwEn[0] ?? ''} tracker (${periodLabel})`,
        institution: zh ? '我的上传' : 'My uploads',
        author: zh ? '研究员' : 'Analyst',
        channelId: 'upload',
        channelName: zh ? '上传文件' : 'Uploads',
        paragraphs: [revenueSentence, industryLine],
      };
  }
}

export interface ThemeText {
  title: string;
  paragraphs: string[];
}

/** Cross-company pieces on a trending concept (industry notes and news). */
export function buildThemeText(conceptName: string, conceptDesc: string, companyNames: string[], lang: Language, prng: Prng): ThemeText {
  if (lang === 'zh') {
    return {
      title: prng.pick([
        `${conceptName}行业周报：${companyNames.slice(0, 2).join('、')}领涨`,
        `${conceptName}主题追踪：产业链景气度持续提升`,
        `专题：${conceptName}投资机会梳理`,
      ]),
      paragraphs: [
        conceptDesc,
        `重点公司：${companyNames.join('、')}。`,
        `我们认为${conceptName}仍处于${prng.pick(['早期阶段', '加速期', '验证期'])}，建议关注业绩兑现节奏。`,
      ],
    };
  }
  return {
    title: prng.pick([
      `${conceptName}: weekly industry wrap`,
      `Theme tracker: ${conceptName}`,
      `${conceptName} — where the opportunities are`,
    ]),
    paragraphs: [
      `${conceptName} remains a key market theme.`,
      `Companies to watch: ${companyNames.join(', ')}.`,
      `We think the theme is in its ${prng.pick(['early innings', 'acceleration phase', 'proof stage'])}.`,
    ],
  };
}
