/**
 * The documents a chat was given (`documents`: the user's own files, or any document): the demo
 * agent reads each one's passage that best answers the question (its first passage otherwise),
 * quotes it with the document's title and page, and lists the document first among its sources.
 * A question that names nothing the demo data knows, asked about given documents, gets an answer
 * from those documents instead of "not understood".
 */
import type { Dataset } from './data/dataset.js';
import type { Lang } from './report-format.js';

export interface PinnedPassage {
  doc_id: string;
  title: string;
  url: string;
  /** The quoted text, at most PASSAGE_CHARS. */
  passage: string;
  /** Its page (1-based), or 0 when the document has no text to quote. */
  page: number;
}

const PASSAGE_CHARS = 400;

const clip = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PASSAGE_CHARS ? `${flat.slice(0, PASSAGE_CHARS - 1)}…` : flat;
};

/** The given documents that exist (deleted and unknown ids left out), each with its passage. */
export function pinnedPassages(dataset: Dataset, question: string, docIds: readonly string[]): PinnedPassage[] {
  return [...new Set(docIds)].flatMap((id): PinnedPassage[] => {
    const doc = dataset.docsById.get(id);
    if (!doc || dataset.deletedDocIds.has(id)) return [];
    const texts = doc.chunks.filter((c) => c.type === 'text' && c.content.trim() !== '');
    const best = dataset.chunkIndex.bm25(question, new Set(texts.map((c) => c.id)))[0];
    const chunk = texts.find((c) => c.id === best?.key) ?? texts[0];
    return [{ doc_id: doc.id, title: doc.title, url: doc.url, passage: chunk ? clip(chunk.content) : '', page: chunk?.metadata.page ?? 0 }];
  });
}

function citation(p: PinnedPassage, lang: Lang): string {
  const page = p.page > 0 ? (lang === 'zh' ? `，第 ${p.page} 页` : `, page ${p.page}`) : '';
  return `— [${p.title}](${p.url})${page}`;
}

/** "From your documents": each document's passage quoted, with its title, link and page. */
export function pinnedSection(pinned: readonly PinnedPassage[], lang: Lang): string[] {
  if (pinned.length === 0) return [];
  const zh = lang === 'zh';
  return [
    zh ? '## 您提供的文档' : '## From your documents',
    '',
    ...pinned.flatMap((p) => [
      p.passage
        ? `> ${p.passage}`
        : zh
          ? `> （《${p.title}》中没有可引用的文字，只按标题检索。）`
          : `> (No text could be quoted from “${p.title}”: it is found by its title only.)`,
      '',
      citation(p, lang),
      '',
    ]),
  ];
}

export function pinnedTitle(pinned: readonly PinnedPassage[], lang: Lang): string {
  const titles = pinned.map((p) => p.title).join(lang === 'zh' ? '、' : ', ');
  return lang === 'zh' ? `文档解读：${titles}` : `About your documents: ${titles}`;
}

/** The plan when only the given documents can answer. */
export function pinnedPlan(question: string, pinned: readonly PinnedPassage[], lang: Lang): string {
  const titles = pinned.map((p) => p.title).join(lang === 'zh' ? '、' : ', ');
  return lang === 'zh'
    ? `好的，我来阅读您提供的文档（${titles}），回答「${question.trim()}」。`
    : `Sure. I will read the documents you gave (${titles}) to answer "${question.trim()}".`;
}

/** The whole report when only the given documents can answer: what each says, quoted and cited. */
export function pinnedReport(question: string, pinned: readonly PinnedPassage[], lang: Lang, label: string): string {
  const zh = lang === 'zh';
  const lead = pinned[0];
  return [
    `# ${pinnedTitle(pinned, lang)}`,
    label,
    '',
    zh ? `> 问题：${question.trim()}` : `> Question: ${question.trim()}`,
    '',
    zh ? '## 核心结论' : '## Key findings',
    lead
      ? zh
        ? `- 根据《${lead.title}》${lead.page > 0 ? `第 ${lead.page} 页` : ''}：${lead.passage || '（无可引用文字）'}`
        : `- According to “${lead.title}”${lead.page > 0 ? ` (page ${lead.page})` : ''}: ${lead.passage || '(no text to quote)'}`
      : '',
    '',
    ...pinnedSection(pinned, lang),
    zh ? '## 参考资料' : '## Sources',
    pinned.map((p, i) => `${i + 1}. [${p.title}](${p.url})`).join('\n'),
    '',
  ].join('\n');
}
