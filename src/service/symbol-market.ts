/** The markets of a `<MARKET>:<code>` symbol: Shanghai, Shenzhen, Hong Kong and the US. */
export type SymbolMarket = 'SH' | 'SZ' | 'HK' | 'US';
