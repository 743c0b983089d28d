/** Adds one document to a running dataset: listed first, by id, and in the document and chunk indexes. */
import type { Dataset } from './dataset.js';
import type { DemoDocument } from './documents.js';

export function addDocumentToDataset(dataset: Dataset, doc: DemoDocument): void {
  dataset.documents.unshift(doc);
  dataset.docsById.set(doc.id, doc);
  dataset.docIndex.add({
    key: doc.id,
    fields: [
      { text: doc.title, weight: 3 },
      { text: doc.summary, weight: 1 },
      { text: doc.chunks.map((c) => `${c.content} ${c.summary}`).join('\n'), weight: 1 },
      { text: `${doc.company_name} ${doc.symbols.join(' ')} ${doc.institution} ${doc.author}`, weight: 1 },
    ],
  });
  for (const chunk of doc.chunks) {
    dataset.chunkOwner.set(chunk.id, doc);
    dataset.chunkIndex.add({
      key: chunk.id,
      fields: [
        { text: `${chunk.content} ${chunk.summary}`, weight: 2 },
        { text: doc.title, weight: 1 },
      ],
    });
  }
}

/** Takes documents added while running out again (the emulator's reset); the indexes forget them by id. */
export function removeDocumentsFromDataset(dataset: Dataset, ids: ReadonlySet<string>): void {
  if (ids.size === 0) return;
  dataset.documents = dataset.documents.filter((d) => !ids.has(d.id));
  for (const id of ids) {
    const doc = dataset.docsById.get(id);
    dataset.docsById.delete(id);
    for (const c of doc?.chunks ?? []) dataset.chunkOwner.delete(c.id);
  }
}
