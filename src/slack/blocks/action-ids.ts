/**
 * Every action, block and callback id our cards use. Slack requires action_ids to be unique
 * within a message, so per-item buttons get an index suffix (`rd.search.summary:2`); listeners
 * match them with `actionIdPattern(ACTION_IDS.searchSummary)`.
 */
export const ACTION_IDS = {
  searchSummary: 'rd.search.summary',
  searchPassages: 'rd.search.passages',
  searchAsk: 'rd.search.ask',
  /** Link buttons still send an interaction: ack it and do nothing. */
  searchOpen: 'rd.search.open',
  searchPrev: 'rd.search.prev',
  searchNext: 'rd.search.next',
  searchShare: 'rd.search.share',
  /** "Ask the agent" on a document's Work Object (its unfurl and its side panel). */
  entityAsk: 'rd.entity.ask',
  conceptExpand: 'rd.concept.expand',
  errorRetry: 'rd.error.retry',
  folderDeleteConfirm: 'rd.folder.delete_confirm',
  folderDeleteCancel: 'rd.folder.delete_cancel',
  /** A shared file's *Add to research folder* (the DM reply): opens the add modal. */
  documentAdd: 'rd.doc.add',
  /** A folder card's or App Home's *Delete* on one added file, and its confirmation. */
  documentDelete: 'rd.doc.delete',
  documentDeleteConfirm: 'rd.doc.delete_confirm',
  documentDeleteCancel: 'rd.doc.delete_cancel',
  /** *Open* on a folder (App Home): its card with its files and their status. */
  folderOpen: 'rd.folder.open',
  /** App Home's *Delete* on a folder: asks to confirm (then folderDeleteConfirm). */
  folderDelete: 'rd.folder.delete',
  subscriptionPause: 'rd.sub.pause',
  subscriptionResume: 'rd.sub.resume',
  subscriptionRemove: 'rd.sub.remove',
  homeRefresh: 'rd.home.refresh',
  homeOpenFinancials: 'rd.home.financials',
  /** App Home's *Connect research service* and *Change key*: both open the connect modal. */
  homeConnect: 'rd.home.connect',
  homeDisconnect: 'rd.home.disconnect',
  /** App Home's admin switch: users of other organisations (Slack Connect) may use the app, or not. */
  homeExternalAccess: 'rd.home.external_access',
  /** App Home, admins: opens the form that creates a token for MCP clients. */
  homeMcpTokenCreate: 'rd.home.mcp_token.create',
  /** App Home, admins: the overflow menu whose options revoke one token each (value: the token's public id). */
  homeMcpTokenRevoke: 'rd.home.mcp_token.revoke',
  /** A card's own row (card-actions.ts): each runs the card's source command again for its data. */
  cardChart: 'rd.card.chart',
  cardCsv: 'rd.card.csv',
  cardXlsx: 'rd.card.xlsx',
  cardShare: 'rd.card.share',
  /** Save as canvas on a statement or comparison card (card-actions.ts) and on a finished agent answer. */
  cardCanvas: 'rd.card.canvas',
  answerCanvas: 'rd.answer.canvas',
  /** A watch row's Remove (watches card and App Home). */
  watchRemove: 'rd.watch.remove',
  /** The watches card's Refresh. */
  watchList: 'rd.watch.list',
} as const;

export type ActionIdBase = (typeof ACTION_IDS)[keyof typeof ACTION_IDS];

/** The id of the i-th instance of a per-item button. */
export function indexedActionId(base: ActionIdBase, index: number): string {
  return `${base}:${index}`;
}

/** Matches a base id with or without an index (or the limits module's de-duplication) suffix. */
export function actionIdPattern(base: ActionIdBase): RegExp {
  return new RegExp(`^${base.replace(/\./g, '\\.')}(?::[^:]+)*$`);
}

/** The /financials modal: callback id, and block/action ids of its inputs (its fields are these blocks' keys). */
export const FINANCIALS_MODAL = {
  callbackId: 'rd.financials.modal',
  blocks: { symbol: 'fin_symbol', statement: 'fin_statement', period: 'fin_period' },
  actions: { symbol: 'fin_symbol_input', statement: 'fin_statement_select', period: 'fin_period_select' },
} as const;

/** The *Add to research folder* modal: callback id, and block/action ids of its inputs. */
export const ADD_DOCUMENT_MODAL = {
  callbackId: 'rd.doc.add.modal',
  blocks: {
    folder: 'doc_folder',
    newFolder: 'doc_new_folder',
    industry: 'doc_tag_industry',
    company: 'doc_tag_company',
    person: 'doc_tag_person',
    event: 'doc_tag_event',
  },
  actions: {
    folder: 'doc_folder_select',
    newFolder: 'doc_new_folder_input',
    industry: 'doc_tag_industry_input',
    company: 'doc_tag_company_input',
    person: 'doc_tag_person_input',
    event: 'doc_tag_event_input',
  },
} as const;

/** The form that creates an MCP token (App Home, admins): its label, then the token shown once. */
export const MCP_TOKEN_MODAL = {
  callbackId: 'rd.mcp_token.modal',
  /** The view that shows the new token: no submit button, so never submitted. */
  createdCallbackId: 'rd.mcp_token.modal.created',
  blocks: { label: 'mcp_token_label' },
  actions: { label: 'mcp_token_label_input' },
} as const;

/** The connect modal (App Home, multi-workspace mode): callback id, and block/action ids of its inputs. */
export const CONNECT_MODAL = {
  callbackId: 'rd.connect.modal',
  /** The views the modal shows while the key is checked and once it is connected: no submit button, so never submitted. */
  checkingCallbackId: 'rd.connect.modal.checking',
  connectedCallbackId: 'rd.connect.modal.connected',
  blocks: { apiKey: 'connect_api_key', baseUrl: 'connect_base_url' },
  actions: { apiKey: 'connect_api_key_input', baseUrl: 'connect_base_url_input' },
} as const;
