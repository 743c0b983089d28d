/**
 * Companies the demo service has stock data for (statements, revenue mix, prices) but no
 * documents, so adding them changes no search result, report or concept. They cover what the
 * document companies do not: Hong Kong Exchanges and Clearing reports in HKD, so a comparison
 * can meet three reporting currencies (CNY A-shares, HKD, USD). Demo figures, not theirs.
 */
import type { DemoCompany } from './companies.js';

export const STOCK_ONLY_COMPANIES: readonly DemoCompany[] = [
  {
    symbol: 'HK:00388',
    exchange: 'HK',
    code: '00388',
    market: 'hk',
    nameZh: '香港交易所',
    nameEn: 'Hong Kong Exchanges and Clearing',
    logo: 'https://static.research-desk.example/logos/00388.png',
    currency: 'HKD',
    fiscalYearEndMonth: 12,
    industryZh: '交易所',
    industryEn: 'Exchanges',
    assetScale: 3.5e11,
    segments: ['现货', '股本证券及金融衍生产品', '商品', '数据及联通'],
    areas: ['香港', '其他地区'],
    products: ['交易费', '结算费', '上市费'],
    keywordsZh: ['港交所', '交易所'],
    keywordsEn: ['hkex', 'exchange'],
    people: ['陈翊庭'],
    aliases: ['港交所', 'HKEX'],
  },
];
