export interface StoredView {
  id: string;
  type: 'modal' | 'home';
  user: string;
  team_id: string;
  app_id: string;
  bot_id: string;
  hash: string;
  /** The view as the app sent it (title, blocks, callback_id, private_metadata …). */
  view: Record<string, unknown>;
  external_id?: string;
  root_view_id?: string;
  previous_view_id?: string;
  state: { values: Record<string, Record<string, unknown>> };
  /** Field errors from a `response_action: errors` ack, by block_id. */
  errors?: Record<string, string>;
  open: boolean;
  updates: number;
}
