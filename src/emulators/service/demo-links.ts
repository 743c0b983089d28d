/**
 * Where the demo service's links point. By default at made-up hosts (research.example.com), as
 * tests and the published-schema suites expect; in the playground at pages the playground itself
 * serves (pages/page-routes.ts), so "Open ↗", sources, images and "Open the conversation" work.
 */
export interface DemoLinks {
  /** The document's page (the `url` of a document). */
  document(docId: string): string;
  /** The document's file (`file_url`); `extension` as the document's type names it. */
  file(docId: string, extension: string): string;
  /** A transcript's recording (a document's `media_url`). */
  audio(docId: string): string;
  /** A table, image or formula chunk's picture (a chunk's `media_url`). */
  chunkMedia(docId: string, chunkIndex: number, kind: string): string;
  /** A conversation's page (`url` of a conversation). */
  conversation(conversationId: string): string;
  /** Its shared form (`shared_url`). */
  sharedConversation(conversationId: string): string;
}

/** Paths of the pages the demo service serves; page-routes.ts matches the same shapes. */
export const DEMO_PAGE_PATHS = {
  document: (docId: string) => `/docs/${encodeURIComponent(docId)}`,
  chunkMedia: (docId: string, chunkIndex: number, kind: string) =>
    `/docs/${encodeURIComponent(docId)}/media/${chunkIndex}-${encodeURIComponent(kind)}.svg`,
  conversation: (conversationId: string) => `/conversations/${encodeURIComponent(conversationId)}`,
} as const;

export const CANONICAL_LINKS: DemoLinks = {
  document: (id) => `https://research.example.com/docs/${id}`,
  file: (id, extension) => `https://files.research.example.com/${id}.${extension}`,
  audio: (id) => `https://media.research-desk.example/${id}/call.mp3`,
  chunkMedia: (id, index, kind) => `https://media.research-desk.example/${id}/${index}-${kind}.png`,
  conversation: (id) => `https://research.example.com/agent/conversations/${id}`,
  sharedConversation: (id) => `https://research.example.com/share/c/${id}`,
};

/**
 * Links on `publicUrl` (the playground's own address, e.g. http://localhost:3000). Files and
 * recordings have no bytes in the demo, so they open the document's page.
 */
export function playgroundLinks(publicUrl: string): DemoLinks {
  const base = publicUrl.replace(/\/+$/, '');
  const document = (id: string): string => `${base}${DEMO_PAGE_PATHS.document(id)}`;
  const conversation = (id: string): string => `${base}${DEMO_PAGE_PATHS.conversation(id)}`;
  return {
    document,
    file: (id) => document(id),
    audio: (id) => document(id),
    chunkMedia: (id, index, kind) => `${base}${DEMO_PAGE_PATHS.chunkMedia(id, index, kind)}`,
    conversation,
    sharedConversation: conversation,
  };
}
