/**
 * The service's answers the overview kind reads, checked at the edge (ResearchService.stockQuery
 * parses `data` with these):
 * - `POST /v1/stock/company-overview`: the 2026-04 schema takes `symbols` and `names` (several,
 *   comma-separated); the 2025-12 schema took `symbol` and `name`. Both are sent, each version
 *   ignoring the other's field (FastAPI drops undeclared ones).
 * - `POST /v1/stock/company-shareholders` with `type` 'shareholders' (all holders, not only
 *   those of tradable shares) and `limit`.
 * Both schemas type `data` only as "structure varies by endpoint" (StockAPIResponse), so the
 * names below are the emulator's (src/emulators/service/routes/company-profile-routes.ts), with
 * the common other spellings accepted. `data` may be one company, a list or `{items}`.
 * @see /work/shared/spec/published-openapi-2026-04.yaml (CompanyOverviewInput, CompanyShareholdersInput)
 */
import { z } from 'zod';
import { compact } from '../../../service/schemas/compact.js';
import { optionalNumber, optionalString, recordsIn } from '../../../service/schemas/wire-fields.js';
import { isRecord } from '../../../service/read-shape.js';

/** The first of a field's spellings that is present, under its first name. */
function aliased(spellings: Record<string, readonly string[]>) {
  return (raw: unknown): unknown => {
    if (!isRecord(raw)) return raw;
    const out: Record<string, unknown> = {};
    for (const [name, others] of Object.entries(spellings)) {
      const key = [name, ...others].find((k) => raw[k] !== undefined && raw[k] !== null && raw[k] !== '');
      if (key !== undefined) out[name] = raw[key];
    }
    return out;
  };
}

const OVERVIEW_SPELLINGS = {
  symbol: [],
  name: ['company_name', 'short_name'],
  name_en: ['english_name', 'en_name'],
  exchange: ['exchange_name'],
  industry: ['sector', 'industry_name'],
  currency: [],
  listing_date: ['list_date', 'ipo_date'],
  established_date: ['founded_date', 'found_date', 'establish_date'],
  employees: ['employee_count', 'staff_num'],
  website: ['web_site', 'url'],
  headquarters: ['address', 'office_address'],
  chairman: [],
  ceo: ['general_manager'],
  description: ['main_business', 'introduction', 'business'],
  total_shares: ['total_share_capital', 'shares_total'],
  float_shares: ['outstanding_shares', 'tradable_shares'],
} as const;

export const companyOverviewSchema = z.preprocess(
  aliased(OVERVIEW_SPELLINGS),
  z
    .object({
      symbol: optionalString,
      name: optionalString,
      name_en: optionalString,
      exchange: optionalString,
      industry: optionalString,
      currency: optionalString,
      listing_date: optionalString,
      established_date: optionalString,
      employees: optionalNumber,
      website: optionalString,
      headquarters: optionalString,
      chairman: optionalString,
      ceo: optionalString,
      description: optionalString,
      total_shares: optionalNumber,
      float_shares: optionalNumber,
    })
    .transform((r) =>
      compact({
        symbol: r.symbol,
        name: r.name,
        nameEn: r.name_en,
        exchange: r.exchange,
        industry: r.industry,
        currency: r.currency,
        listingDate: r.listing_date,
        establishedDate: r.established_date,
        employees: r.employees,
        website: r.website,
        headquarters: r.headquarters,
        chairman: r.chairman,
        ceo: r.ceo,
        description: r.description,
        totalShares: r.total_shares,
        floatShares: r.float_shares,
      }),
    ),
);
export type CompanyOverview = z.output<typeof companyOverviewSchema>;

/** One company, a list of them or `{items: [...]}`: always a list (empty for an unknown symbol). */
export const companyOverviewsSchema = z.preprocess(
  (data) => (Array.isArray(data) ? data : isRecord(data) && Array.isArray(data.items) ? data.items : data == null ? [] : [data]),
  recordsIn(companyOverviewSchema),
);

const SHAREHOLDER_SPELLINGS = {
  name: ['holder_name', 'shareholder_name'],
  shares: ['hold_num', 'holding_shares', 'hold_shares'],
  /** Per cent of all shares (54.07, not 0.5407). */
  ratio: ['hold_ratio', 'percentage', 'percent'],
  holder_type: ['type', 'shareholder_type'],
  change: ['hold_change', 'change_shares'],
  end_date: ['report_date', 'date'],
} as const;

export const shareholderSchema = z.preprocess(
  aliased(SHAREHOLDER_SPELLINGS),
  z
    .object({
      name: optionalString,
      shares: optionalNumber,
      ratio: optionalNumber,
      holder_type: optionalString,
      change: optionalNumber,
      end_date: optionalString,
    })
    .transform((r) =>
      compact({ name: r.name, shares: r.shares, ratio: r.ratio, holderType: r.holder_type, change: r.change, asOf: r.end_date }),
    ),
);
export type Shareholder = z.output<typeof shareholderSchema> & { name: string };

/** A list, or `{items}` / `{shareholders}`; holders without a name are left out (nothing to show for them). */
export const shareholdersSchema = z
  .preprocess((data) => (isRecord(data) ? (data.items ?? data.shareholders ?? data.list) : data), recordsIn(shareholderSchema))
  .transform((list) => list.filter((h): h is Shareholder => Boolean(h.name?.trim())));
