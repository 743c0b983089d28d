/**
 * Slack's Block Kit limits, and the few caps of our own (marked "Ours"). Numbers: the Block Kit
 * reference of each block, element and view.
 * @see https://docs.slack.dev/reference/block-kit/blocks
 */

export const SLACK_LIMITS = {
  blocksPerMessage: 50,
  blocksPerView: 100,
  blockIdChars: 255,
  actionIdChars: 255,
  sectionTextChars: 3000,
  sectionFields: 10,
  sectionFieldChars: 2000,
  headerTextChars: 150,
  contextElements: 10,
  /** Text objects in general (context elements included). */
  textObjectChars: 3000,
  actionsElements: 25,
  /** @see https://docs.slack.dev/reference/block-kit/blocks/context-actions-block */
  contextActionsElements: 5,
  buttonTextChars: 75,
  buttonValueChars: 2000,
  buttonUrlChars: 3000,
  accessibilityLabelChars: 75,
  imageUrlChars: 3000,
  imageAltTextChars: 2000,
  markdownBlockTotalChars: 12_000,
  tableRows: 100,
  tableCellsPerRow: 20,
  tableColumnSettings: 20,
  /** Reported by integrators, not documented: design for one. */
  tablesPerMessage: 1,
  /** Our own cap per table cell (Slack documents none); keeps a table readable. */
  tableCellChars: 2000,
  /**
   * data_table: a header plus 1–100 rows, ≤ 20 columns, about 10,000 characters across all cells,
   * page_size 1–100 (Slack's default 5). Any number of them per message.
   * @see https://docs.slack.dev/reference/block-kit/blocks/data-table-block
   */
  dataTableRows: 101,
  dataTableColumns: 20,
  dataTableCellChars: 10_000,
  dataTablePageSizeMax: 100,
  /** Ours: rows a page shows (Slack's default of 5 hides most of a statement). */
  dataTablePageSize: 10,
  /** Ours: Slack documents no caption limit; a caption is a label, not a paragraph. */
  dataTableCaptionChars: 150,
  /**
   * data_visualization (slack-facts §8): title ≤ 50; pie segments 1–6 (label ≤ 20, value > 0);
   * bar/area/line series 1–6 with one point per x category; ≤ 2 per message. Series names,
   * categories ≤ 20 and axis labels ≤ 50, points ≤ 20 per series: the field tables of the
   * slack-messaging crate, which cite Slack's block reference (docs.rs/slack-messaging 0.7.7).
   * @see https://docs.slack.dev/reference/block-kit/blocks/data-visualization-block
   */
  dataVizTitleChars: 50,
  dataVizSegmentsMax: 6,
  dataVizSeriesMax: 6,
  dataVizLabelChars: 20,
  dataVizPointsPerSeries: 20,
  dataVizAxisLabelChars: 50,
  dataVizPerMessage: 2,
  placeholderChars: 150,
  optionTextChars: 75,
  optionValueChars: 150,
  optionDescriptionChars: 75,
  selectOptions: 100,
  radioOptions: 10,
  inputLabelChars: 2000,
  inputHintChars: 2000,
  plainTextInputChars: 3000,
  confirmTitleChars: 100,
  confirmTextChars: 300,
  confirmButtonChars: 30,
  /** chat.update / postEphemeral reject text over 4,000 (msg_too_long); we use it everywhere. */
  fallbackTextChars: 4000,
  viewTitleChars: 24,
  viewButtonChars: 24,
  privateMetadataChars: 3000,
  callbackIdChars: 255,
  externalIdChars: 255,
  viewBytes: 250 * 1024,
  /**
   * One natively streamed message: its text's UTF-8 bytes plus the JSON of every task_update,
   * plan_update and blocks chunk (UNCONFIRMED measure: streams top out at 10.6–11.3 KB, and task
   * chunks count too — slack-facts §9, vercel/chat#617). The relay, which may not import this
   * module, keeps the same number in src/agent/sinks/stream-segment-size.ts; a test keeps them equal.
   */
  streamedMessageBytes: 10_600,
  /**
   * Work Objects (chat.unfurl `metadata`, entity.presentDetails): at most 2 primary and 5 overflow
   * actions, an action's action_id ≤ 255, value ≤ 2,000, url ≤ 3,000, accessibility_label ≤ 75; an
   * editable text field holds ≤ 3,000. Slack documents no cap on a title or a field's text: the
   * title and field caps below are ours (UNCONFIRMED), sized like a header and a section.
   * @see https://docs.slack.dev/messaging/work-objects-implementation
   */
  workObjectPrimaryActions: 2,
  workObjectOverflowActions: 5,
  workObjectActionIdChars: 255,
  workObjectActionValueChars: 2000,
  workObjectActionUrlChars: 3000,
  workObjectActionTextChars: 75,
  workObjectTitleChars: 255,
  workObjectFieldChars: 3000,
  workObjectDisplayIdChars: 255,
  /** Ours: fields beyond these make an unfurl or a flexpane a wall of text. */
  workObjectCustomFields: 12,
  workObjectErrorMessageChars: 1000,
} as const;
