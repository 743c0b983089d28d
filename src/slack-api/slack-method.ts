/**
 * The Web API methods whose rate limits the app budgets (the relay's writes, the thread and channel reads,
 * its report uploads, and the listeners' paced posts). Budgets, metrics and SlackCallError are keyed by these names.
 * @see https://docs.slack.dev/reference/methods
 */
export const SLACK_METHOD = {
  postMessage: 'chat.postMessage',
  update: 'chat.update',
  delete: 'chat.delete',
  startStream: 'chat.startStream',
  appendStream: 'chat.appendStream',
  stopStream: 'chat.stopStream',
  replies: 'conversations.replies',
  history: 'conversations.history',
  setStatus: 'assistant.threads.setStatus',
  setSessionStatus: 'agents.sessions.setStatus',
  getUploadUrl: 'files.getUploadURLExternal',
  completeUpload: 'files.completeUploadExternal',
  completeFunction: 'functions.completeSuccess',
  failFunction: 'functions.completeError',
  presentDetails: 'entity.presentDetails',
  canvasCreate: 'canvases.create',
  canvasEdit: 'canvases.edit',
} as const;

export type SlackMethod = (typeof SLACK_METHOD)[keyof typeof SLACK_METHOD];
