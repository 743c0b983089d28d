/**
 * A person's shared file as Slack shows it to an app: the file object (in the share message, its
 * events, shortcut payloads and files.info), and where its bytes are served. `url_private` and
 * `url_private_download` answer only to a bot token of the file's workspace (file-download.ts).
 * @see https://docs.slack.dev/reference/objects/file-object
 */
import { fileContentType, fileTypeOf, prettyTypeOf } from './file-content-type.js';
import type { StoredFile } from './stored-file.js';
import type { MessageFile } from './stored-message.js';

/** A deleted file, as the messages that shared it keep it. */
export function tombstoneOf(fileId: string): MessageFile {
  return { id: fileId, mode: 'tombstone' };
}

/** The workspace a file belongs to (a bot upload made before files had one: the seed's). */
export function teamOfFile(file: StoredFile, seedTeamId: string): string {
  return file.teamId ?? seedTeamId;
}

export function mimetypeOfFile(file: StoredFile): string {
  return file.mimetype ?? fileContentType(file.filename).split(';')[0] ?? 'application/octet-stream';
}

export function bytesOfFile(file: StoredFile): Buffer {
  return Buffer.from(file.contentBase64 ?? '', 'base64');
}

/** `/files-pri/<team>-<file>/<name>`, as Slack's private URLs are shaped. */
export function privateUrls(baseUrl: string, teamId: string, file: StoredFile): { url_private: string; url_private_download: string } {
  const name = encodeURIComponent(file.filename);
  return {
    url_private: `${baseUrl}/files-pri/${teamId}-${file.id}/${name}`,
    url_private_download: `${baseUrl}/files-pri/${teamId}-${file.id}/download/${name}`,
  };
}

/** Slack's file object of a stored file (not deleted). */
export function fileObjectOf(
  file: StoredFile,
  p: { baseUrl: string; seedTeamId: string; botUserId: string; isPublic: boolean },
): MessageFile {
  const teamId = teamOfFile(file, p.seedTeamId);
  const filetype = fileTypeOf(file.filename);
  const created = file.created ?? 0;
  return {
    id: file.id,
    created,
    timestamp: created,
    name: file.filename,
    title: file.title ?? file.filename,
    mimetype: mimetypeOfFile(file),
    filetype,
    pretty_type: prettyTypeOf(filetype),
    user: file.user ?? p.botUserId,
    user_team: teamId,
    editable: false,
    size: file.uploadedBytes ?? 0,
    mode: 'hosted',
    is_external: false,
    external_type: '',
    is_public: p.isPublic,
    public_url_shared: false,
    display_as_bot: false,
    username: '',
    ...privateUrls(p.baseUrl, teamId, file),
    permalink: `${p.baseUrl}/files/${file.id}`,
    permalink_public: `${p.baseUrl}/files-pub/${teamId}-${file.id}`,
    has_rich_preview: false,
    file_access: 'visible',
  };
}
