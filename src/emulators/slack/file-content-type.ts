/**
 * The Content-Type the emulator serves a shared file with (plain text for text formats and images by
 * type, so they open in a tab). Never HTML or SVG: a shared file must not run script on the
 * playground's origin.
 */
export function fileContentType(filename: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase();
  if (ext === 'md' || ext === 'markdown') return 'text/markdown; charset=utf-8';
  if (ext === 'txt' || ext === 'csv') return `text/${ext === 'csv' ? 'csv' : 'plain'}; charset=utf-8`;
  if (ext === 'json') return 'application/json';
  if (ext === 'xlsx') return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if (ext === 'docx') return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  if (ext === 'pptx') return 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
  if (ext === 'pdf') return 'application/pdf';
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
  if (ext === 'jpeg') return 'jpg';
  if (ext === 'htm') return 'html';
  return ext && ['csv', 'xlsx', 'docx', 'pptx', 'json', 'png', 'jpg', 'gif', 'pdf', 'zip', 'html'].includes(ext) ? ext : 'binary';
}

/** Slack's `pretty_type` of a file object (what its client shows under the name). */
export function prettyTypeOf(filetype: string): string {
  const names: Record<string, string> = {
    pdf: 'PDF',
    text: 'Plain Text',
    markdown: 'Markdown (raw)',
    csv: 'CSV',
    xlsx: 'Excel Spreadsheet',
    docx: 'Word Document',
    pptx: 'PowerPoint Presentation',
    json: 'JSON',
    png: 'PNG',
    jpg: 'JPEG',
    gif: 'GIF',
    zip: 'Zip',
    html: 'HTML',
  };
  return names[filetype] ?? 'Binary';
}
