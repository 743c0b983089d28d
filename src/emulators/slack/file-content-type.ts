/** The Content-Type the emulator serves a shared file with (plain text for text formats, so it opens in a tab). */
export function fileContentType(filename: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase();
  if (ext === 'md' || ext === 'markdown') return 'text/markdown; charset=utf-8';
  if (ext === 'txt' || ext === 'csv') return `text/${ext === 'csv' ? 'csv' : 'plain'}; charset=utf-8`;
  if (ext === 'json') return 'application/json';
  return 'application/octet-stream';
}
