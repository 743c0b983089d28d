/**
 * The concepts cards' company names: the concept routes give Chinese names even for US companies
 * (英伟达), /financials' quotes the local one (NVIDIA). The shown stocks' names are completed with
 * the service's (one call per card, kit/company-names) and the glossary picks the card's, so a
 * company reads the same on both. A failed lookup keeps the concept's own names.
 */
import { glossary } from '../../language/glossary.js';
import type { Logger } from '../../observability/logger.js';
import type { CallOptions, Concept, ConceptStock, ResearchService } from '../../service/types.js';
import { withServiceNames } from '../kit/company-names/company-names-lookup.js';
import { conceptsShown, SUMMARY_STOCKS } from './concepts-card.js';

/** The concepts cards are in English. */
const CARD_LANGUAGE = 'en';

/** Symbol → the name to show, for the stocks a card shows. */
export async function stockNames(
  service: Pick<ResearchService, 'stockQuery'>,
  stocks: readonly ConceptStock[],
  options: { call: CallOptions; log: Logger },
): Promise<ReadonlyMap<string, string>> {
  const companies = stocks.flatMap((s) => (s.symbol ? [{ symbol: s.symbol, names: [s.name] }] : []));
  if (companies.length === 0) return new Map();
  const named = await withServiceNames(service, companies, { lang: CARD_LANGUAGE, ...options });
  return new Map(
    named.flatMap((c): Array<[string, string]> => {
      const name = glossary(CARD_LANGUAGE).companyName(c);
      return name ? [[c.symbol, name]] : [];
    }),
  );
}

/** The concept with its stocks named as `names` says (stocks it does not know keep theirs). */
export function withStockNames(concept: Concept, names: ReadonlyMap<string, string>): Concept {
  return {
    ...concept,
    stocks: concept.stocks.map((s) => {
      const name = s.symbol ? names.get(s.symbol) : undefined;
      return name ? { ...s, name } : s;
    }),
  };
}

/** The concepts of a list card (`/concepts top:N`, its Share), the stocks it shows named by stockNames. */
export async function withListStockNames(
  service: Pick<ResearchService, 'stockQuery'>,
  concepts: readonly Concept[],
  top: number,
  options: { call: CallOptions; log: Logger },
): Promise<Concept[]> {
  const shownStocks = conceptsShown(concepts, top).flatMap((c) => c.stocks.slice(0, SUMMARY_STOCKS));
  const names = await stockNames(service, shownStocks, options);
  return concepts.map((c) => withStockNames(c, names));
}
