/**
 * Every `/financials` kind, in the order the modal and the help list them. A kind is added here,
 * once, and nowhere else: the parser takes its words from this list, and the command, the modal
 * and the card buttons run whichever descriptor a request names.
 */
import { compareKind } from './compare.js';
import { earningsKind } from './earnings.js';
import type { FinancialsKind, KindArgs } from './financials-kind.js';
import { indexKind } from './market-index.js';
import { overviewKind } from './overview.js';
import { pricesKind } from './prices.js';
import { revenueKind } from './revenue.js';
import { snapshotKind } from './snapshot.js';
import { balanceKind, cashflowKind, incomeKind } from './statement-kinds.js';

export const FINANCIALS_KINDS = [
  snapshotKind,
  incomeKind,
  balanceKind,
  cashflowKind,
  revenueKind,
  pricesKind,
  indexKind,
  overviewKind,
  earningsKind,
  compareKind,
] as const;

type AnyKind = (typeof FINANCIALS_KINDS)[number];
type ArgsOf<K> = K extends FinancialsKind<infer A, infer _D> ? A : never;
type DataOf<K> = K extends FinancialsKind<infer _A, infer D> ? D : never;

/** What /financials text asks for, when it asks for a card: one kind's request. */
export type FinancialsRequest = ArgsOf<AnyKind>;
/** What any kind fetches; every kind's data carries the kind's id. */
export type KindData = DataOf<AnyKind>;

/**
 * A descriptor whose own types are forgotten: what callers hold once a request has named it. Its
 * args and data come only from that request and from its own fetch, so they always fit it.
 */
export type Descriptor = FinancialsKind<FinancialsRequest, KindData>;

const BY_ID: ReadonlyMap<string, AnyKind> = new Map(FINANCIALS_KINDS.map((k) => [k.id, k]));

function byId(id: string): Descriptor {
  const kind = BY_ID.get(id);
  if (!kind) throw new TypeError(`no /financials kind ${id}`);
  // The id names its descriptor (parse-financials-args.ts makes each request with its kind's words; fetch tags its data).
  return kind as unknown as Descriptor;
}

/** The descriptor of a request. */
export const descriptorOf = (args: FinancialsRequest): Descriptor => byId(args.kind);

/** The descriptor that fetched some data. */
export const descriptorOfData = (data: KindData): Descriptor => byId(data.kind);

export const isKindArgs = (value: KindArgs): value is FinancialsRequest => BY_ID.has(value.kind);
