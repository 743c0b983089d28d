/**
 * Every Slack limit the emulator enforces, in one place (@see https://docs.slack.dev/reference/block-kit/blocks
 * and each method's page under https://docs.slack.dev/reference/methods/).
 * Where Slack does not document a number, the conservative value is used and marked UNCONFIRMED.
 */
export const slackLimits = {
  blocksPerMessage: 50,
  blocksPerView: 100,
  blockIdChars: 255,
  actionIdChars: 255,
  sectionTextChars: 3000,
  sectionFields: 10,
  sectionFieldChars: 2000,
  headerTextChars: 150,
  contextElements: 10,
  contextActionsElements: 5,
  actionsElements: 25,
  buttonTextChars: 75,
  buttonValueChars: 2000,
  buttonUrlChars: 3000,
  accessibilityLabelChars: 75,
  imageUrlChars: 3000,
  imageAltTextChars: 2000,
  imageTitleChars: 2000,
  /** Cumulative across all markdown blocks of one payload. */
  markdownBlockTotalChars: 12_000,
  tableRows: 100,
  tableCellsPerRow: 20,
  tableColumnSettings: 20,
  /** UNCONFIRMED officially (integrators report one table per message); the safe assumption. */
  tablesPerMessage: 1,
  /** data_table: a header plus 1–100 rows; "≤20 columns"; about 10,000 characters across all cells. */
  dataTableMinRows: 2,
  dataTableRows: 101,
  dataTableColumns: 20,
  dataTableCellChars: 10_000,
  dataTablePageSizeMin: 1,
  dataTablePageSizeMax: 100,
  /** data_visualization (2026-06-16): title, segments/series, labels, points, axis labels; ≤ 2 per message. */
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
  overflowOptions: 5,
  overflowMinOptions: 1,
  checkboxOptions: 10,
  radioOptions: 10,
  inputLabelChars: 2000,
  inputHintChars: 2000,
  videoTitleChars: 200,
  confirmTitleChars: 100,
  confirmTextChars: 300,
  confirmButtonChars: 30,
  /** Top-level `text`: longer is truncated with the `message_truncated` warning. */
  messageTextTruncateChars: 40_000,
  /** chat.update / chat.postEphemeral: "text cannot exceed 4,000 characters". */
  updateTextChars: 4000,
  ephemeralTextChars: 4000,
  markdownTextArgChars: 12_000,
  attachmentsPerMessage: 100,
  viewTitleChars: 24,
  viewButtonChars: 24,
  privateMetadataChars: 3000,
  callbackIdChars: 255,
  externalIdChars: 255,
  viewBytes: 250 * 1024,
  streamBlocksPerCall: 50,
  /**
   * UNCONFIRMED: one streamed message, counted as stream-size.ts says (text bytes plus the JSON of
   * task, plan and blocks chunks); streams are reported to top out at 10.6–11.3 KB: the lower end.
   */
  streamMessageBytes: 10_600,
  loadingMessages: 10,
  /** assistant.threads.setSuggestedPrompts: up to 4 prompts. */
  suggestedPrompts: 4,
  /** agents.sessions.rename / setStatus title: 1–200 characters (@slack/web-api 8.2.0 method docs). */
  agentSessionTitleChars: 200,
  triggerIdLifetimeMs: 3000,
  responseUrlUses: 5,
  responseUrlLifetimeMs: 30 * 60 * 1000,
  metadataEventTypeChars: 255,
} as const;
