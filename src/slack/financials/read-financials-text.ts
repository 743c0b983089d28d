/**
 * The one reading of /financials text into the request it makes and the descriptor that runs it,
 * shared by the command, the modal (which writes the text its fields stand for) and the card
 * buttons (which carry the text of the command that made the card: card-actions.ts).
 */
import { decodeCardSource } from '../kit/card-actions.js';
import { splitPublicFlag } from '../kit/public-flag.js';
import { parseFinancialsArgs, type FinancialsArgs } from './args/parse-financials-args.js';
import { descriptorOf, isKindArgs, type Descriptor, type FinancialsRequest } from './kinds/registry.js';

export interface KindRequest {
  descriptor: Descriptor;
  args: FinancialsRequest;
  /** The /financials text that makes it, without `--public`: what its card's buttons carry. */
  text: string;
}

/** What text that makes no card asks for: help, the modal, or a usage message. */
export type NotARequest = Exclude<FinancialsArgs, FinancialsRequest>;

/** `now` enables `last:` and this week's earnings (parse-financials-args.ts). */
export function readFinancialsText(text: string, now?: Date): KindRequest | NotARequest {
  const args = parseFinancialsArgs(text, now);
  return isKindArgs(args) ? { descriptor: descriptorOf(args), args, text: text.trim() } : args;
}

export const isKindRequest = (read: KindRequest | NotARequest): read is KindRequest => 'descriptor' in read;

/** The request a card's source text makes; undefined when it no longer makes one (the grammar moved on). */
export function readSourceText(text: string, now: Date): KindRequest | undefined {
  const read = readFinancialsText(splitPublicFlag(text).text, now);
  return isKindRequest(read) ? read : undefined;
}

/** The request a card button carries; undefined when its value is not a /financials card's. */
export function readCardButton(value: string | undefined, now: Date): KindRequest | undefined {
  const source = decodeCardSource(value);
  return source?.command === '/financials' ? readSourceText(source.text, now) : undefined;
}
