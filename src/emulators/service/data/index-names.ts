/**
 * What people call the demo indices in questions, by index symbol (the symbol lookups of the
 * price endpoints use IndexDefinition.aliases instead, which are symbols only).
 */
export const INDEX_NAMES: Readonly<Record<string, readonly string[]>> = {
  SPX: ['S&P 500', 'S&P500', 'S&P', 'SP500', 'SPX', '标普500', '标普'],
  DJI: ['Dow Jones', 'Dow', 'DJIA', 'DJI', '道琼斯', '道指'],
  NDX: ['Nasdaq-100', 'Nasdaq 100', 'Nasdaq', 'NDX', '纳斯达克100', '纳斯达克', '纳指'],
  HSI: ['Hang Seng', 'HSI', '恒生指数', '恒指'],
  '000300': ['CSI 300', 'CSI300', '沪深300', '沪深 300'],
  '000001': ['Shanghai Composite', 'SSE Composite', '上证指数', '上证综指', '上证'],
  '399001': ['Shenzhen Component', '深证成指', '深成指'],
  '399006': ['ChiNext', '创业板指', '创业板'],
};
