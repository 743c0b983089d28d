/**
 * The /financials modal (symbol, statement, period), the reading of its submitted values by
 * block and action id, and the `response_action: 'errors'` reply that puts a message under each
 * faulty field (what the fields mean is args/parse-financials-modal.ts's).
 * @see https://docs.slack.dev/surfaces/modals#displaying_errors
 */
import type { InputBlock, ModalView, PlainTextOption } from '@slack/types';
import {
  MODAL_STATEMENTS,
  type FinancialsModalErrors,
  type FinancialsModalField,
  type FinancialsModalValues,
  type ModalPeriod,
  type ModalStatement,
} from '../args/parse-financials-modal.js';
import { FINANCIALS_MODAL } from '../../blocks/action-ids.js';
import { context } from '../../blocks/card-parts.js';
import { plainText } from '../../blocks/escape.js';
import { clampView } from '../../blocks/limits.js';
import { type ModalErrorsResponse, modalErrors } from '../../blocks/modal-errors.js';
import { clampPlainText } from '../../blocks/clamp-text.js';

export interface FinancialsModalInitial {
  symbol?: string;
  statement?: ModalStatement;
  period?: ModalPeriod;
}

const PERIOD_LABELS: Record<ModalPeriod, string> = { annual: 'Annual', quarterly: 'Quarterly' };

const option = (value: string, text: string): PlainTextOption => ({ text: { type: 'plain_text', text }, value });
const STATEMENT_OPTIONS = MODAL_STATEMENTS.map((s) => option(s.id, s.label));
const PERIOD_OPTIONS = Object.entries(PERIOD_LABELS).map(([value, text]) => option(value, text));

/** `privateMetadata` typically carries the channel to post in (JSON, ≤ 3000 chars). */
export function renderFinancialsModal(initial: FinancialsModalInitial = {}, privateMetadata?: string): ModalView {
  const symbol: InputBlock = {
    type: 'input',
    block_id: FINANCIALS_MODAL.blocks.symbol,
    label: { type: 'plain_text', text: 'Company or index' },
    hint: { type: 'plain_text', text: 'e.g. SH:600519, 600519, hk:700, US:NVDA, SPX, HSI, 000300' },
    element: {
      type: 'plain_text_input',
      action_id: FINANCIALS_MODAL.actions.symbol,
      placeholder: { type: 'plain_text', text: 'SH:600519' },
      max_length: 24,
    },
  };
  if (initial.symbol && symbol.element.type === 'plain_text_input')
    symbol.element.initial_value = clampPlainText(plainText(initial.symbol), 24);
  const statement: InputBlock = {
    type: 'input',
    block_id: FINANCIALS_MODAL.blocks.statement,
    label: { type: 'plain_text', text: 'Statement' },
    element: {
      type: 'static_select',
      action_id: FINANCIALS_MODAL.actions.statement,
      options: STATEMENT_OPTIONS,
      initial_option: STATEMENT_OPTIONS.find((o) => o.value === (initial.statement ?? 'snapshot')) ?? STATEMENT_OPTIONS[0],
    },
  };
  const period: InputBlock = {
    type: 'input',
    block_id: FINANCIALS_MODAL.blocks.period,
    label: { type: 'plain_text', text: 'Period' },
    optional: true,
    element: {
      type: 'radio_buttons',
      action_id: FINANCIALS_MODAL.actions.period,
      options: PERIOD_OPTIONS,
      initial_option: PERIOD_OPTIONS.find((o) => o.value === (initial.period ?? 'annual')) ?? PERIOD_OPTIONS[0],
    },
  };
  const view: ModalView = {
    type: 'modal',
    callback_id: FINANCIALS_MODAL.callbackId,
    title: { type: 'plain_text', text: 'Financials' },
    submit: { type: 'plain_text', text: 'Show' },
    close: { type: 'plain_text', text: 'Cancel' },
    blocks: [
      symbol,
      statement,
      period,
      context(
        'Indices (SPX, HSI, 000300) show prices and valuation whatever the statement. The earnings calendar: `/financials earnings us next`.',
      ),
    ],
  };
  if (privateMetadata !== undefined) view.private_metadata = privateMetadata;
  return clampView(view);
}

/** `view.state.values` as Slack sends it. */
export type ViewStateValues = Record<
  string,
  Record<string, { type?: string; value?: string | null; selected_option?: { value: string } | null }>
>;

/** The submitted values of our three inputs, found by the block and action ids we rendered. */
export function readFinancialsModal(values: ViewStateValues): FinancialsModalValues {
  const { blocks, actions } = FINANCIALS_MODAL;
  const out: FinancialsModalValues = { symbol: values[blocks.symbol]?.[actions.symbol]?.value ?? '' };
  const statement = values[blocks.statement]?.[actions.statement]?.selected_option?.value;
  const period = values[blocks.period]?.[actions.period]?.selected_option?.value;
  if (statement !== undefined) out.statement = statement;
  if (period !== undefined) out.period = period;
  return out;
}

/** Field → message map as Slack expects it (keys are block_ids); shown as plain text, so no backticks. */
export function financialsModalErrors(errors: FinancialsModalErrors): ModalErrorsResponse {
  const plain: FinancialsModalErrors = {};
  for (const [field, message] of Object.entries(errors) as Array<[FinancialsModalField, string | undefined]>) {
    if (message) plain[field] = message.replace(/`/g, '');
  }
  return modalErrors(plain, FINANCIALS_MODAL.blocks);
}
