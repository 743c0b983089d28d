/** The words that ask for prices: a company's share prices, or an index's (the symbol decides which). */
export const PRICE_WORDS: readonly string[] = ['prices', 'price', 'index', '行情'];
