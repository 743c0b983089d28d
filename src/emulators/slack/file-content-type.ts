/** The Content-Type the emulator serves a shared file with (plain text for text formats and images by type, so they open in a tab). */
export function fileContentType(filename: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase();
  if (ext === 'md' || ext === 'markdown') return 'text/markdown; charset=utf-8';
  if (ext === 'txt' || ext === 'csv') return `text/${ext === 'csv' ? 'csv' : 'plain'}; charset=utf-8`;
  if (ext === 'json') return 'application/json';
  if (ext === 'xlsx') return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if (ext === 'png' || ext === 'gif') return `image/${ext}`;
  if (ext === 'jpg' || ext === 'jpeg') return 'image/jpeg';
  return 'application/octet-stream';
}

/**
 * Slack's `filetype` of a file object: its short type from the name ("csv", "xlsx", "markdown"),
 * "text" for plain text and "binary" when unknown. @see https://docs.slack.dev/reference/objects/file-object
 */
export function fileTypeOf(filename: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase();
  if (ext === 'md' || ext === 'markdown') return 'markdown';
  if (ext === 'txt') return 'text';
  return ext && ['csv', 'xlsx', 'json', 'png', 'pdf'].includes(ext) ? ext : 'binary';
}
