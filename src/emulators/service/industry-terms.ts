/**
 * Words a question uses for an industry of the demo companies ("Chinese liquor makers", "EV
 * makers", 芯片), keyed by the companies' `industryEn`: a question naming an industry but no
 * company is about that industry's companies. Besides these, each industry's own names count.
 */
export const INDUSTRY_TERMS: Readonly<Record<string, readonly string[]>> = {
  Baijiu: ['liquor', 'liquor makers', 'spirits', 'distillers', '酒企'],
  'EV Batteries': ['battery makers', 'batteries', '电池'],
  Insurance: ['insurer', 'insurers', '保险公司', '险企'],
  Banking: ['bank', 'banks', 'lender', 'lenders'],
  Internet: ['internet companies', '互联网公司'],
  'E-commerce': ['ecommerce', 'online retail', 'online retailers'],
  'Local Services': ['food delivery platforms'],
  'Consumer Electronics': ['smartphone makers', 'phone makers', 'gadgets'],
  Semiconductors: ['chip', 'chips', 'chipmakers', 'chip makers', 'semiconductor', 'semis', '芯片'],
  'Electric Vehicles': [
    'EV',
    'EVs',
    'EV makers',
    'electric vehicle',
    'electric vehicles',
    'electric cars',
    'carmakers',
    '电动车',
    '新能源车',
    '车企',
  ],
  Software: ['software companies', '软件公司'],
};

/** The id an industry has among a question's topics (concept codes are plain). */
export const INDUSTRY_PREFIX = 'industry:';
