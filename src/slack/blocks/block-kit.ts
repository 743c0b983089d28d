/**
 * The slice of Block Kit our renderers produce, typed structurally so renderers and the limits
 * module agree on shapes without depending on @slack/types (a transitive dependency).
 * @see https://docs.slack.dev/reference/block-kit/blocks
 */

export interface PlainText {
  type: 'plain_text';
  text: string;
  emoji?: boolean;
}

export interface MrkdwnText {
  type: 'mrkdwn';
  text: string;
  verbatim?: boolean;
}

export type TextObject = PlainText | MrkdwnText;

export interface ConfirmDialog {
  title: PlainText;
  text: TextObject;
  confirm: PlainText;
  deny: PlainText;
  style?: 'primary' | 'danger';
}

export interface ButtonElement {
  type: 'button';
  text: PlainText;
  action_id: string;
  value?: string;
  url?: string;
  style?: 'primary' | 'danger';
  accessibility_label?: string;
  confirm?: ConfirmDialog;
}

export interface ImageElement {
  type: 'image';
  image_url: string;
  alt_text: string;
}

export interface SelectOption {
  text: PlainText;
  value: string;
  description?: PlainText;
}

export interface StaticSelectElement {
  type: 'static_select';
  action_id: string;
  options: SelectOption[];
  initial_option?: SelectOption;
  placeholder?: PlainText;
}

export interface RadioButtonsElement {
  type: 'radio_buttons';
  action_id: string;
  options: SelectOption[];
  initial_option?: SelectOption;
}

export interface PlainTextInputElement {
  type: 'plain_text_input';
  action_id: string;
  placeholder?: PlainText;
  initial_value?: string;
  max_length?: number;
  multiline?: boolean;
}

export type InputElement = PlainTextInputElement | StaticSelectElement | RadioButtonsElement;
export type ActionElement = ButtonElement | StaticSelectElement;

export interface SectionBlock {
  type: 'section';
  block_id?: string;
  text?: TextObject;
  fields?: TextObject[];
  accessory?: ButtonElement | ImageElement;
}

export interface HeaderBlock {
  type: 'header';
  block_id?: string;
  text: PlainText;
}

export interface DividerBlock {
  type: 'divider';
  block_id?: string;
}

export interface ContextBlock {
  type: 'context';
  block_id?: string;
  elements: Array<TextObject | ImageElement>;
}

export interface ActionsBlock {
  type: 'actions';
  block_id?: string;
  elements: ActionElement[];
}

export interface MarkdownBlock {
  type: 'markdown';
  block_id?: string;
  text: string;
}

export interface RawTextCell {
  type: 'raw_text';
  text: string;
}

export interface ColumnSetting {
  align?: 'left' | 'center' | 'right';
  is_wrapped?: boolean;
}

export interface TableBlock {
  type: 'table';
  block_id?: string;
  rows: RawTextCell[][];
  column_settings?: Array<ColumnSetting | null>;
}

export interface InputBlock {
  type: 'input';
  block_id: string;
  label: PlainText;
  element: InputElement;
  hint?: PlainText;
  optional?: boolean;
}

export type Block = SectionBlock | HeaderBlock | DividerBlock | ContextBlock | ActionsBlock | MarkdownBlock | TableBlock | InputBlock;

/** What every message renderer returns: blocks plus the notification / accessibility fallback. */
export interface SlackMessage {
  text: string;
  blocks: Block[];
}

export interface ModalView {
  type: 'modal';
  callback_id?: string;
  title: PlainText;
  submit?: PlainText;
  close?: PlainText;
  blocks: Block[];
  private_metadata?: string;
  external_id?: string;
}

export interface HomeView {
  type: 'home';
  callback_id?: string;
  blocks: Block[];
  private_metadata?: string;
  external_id?: string;
}

export type View = ModalView | HomeView;
