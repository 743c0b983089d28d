/**
 * The text of an uploaded file, page by page: PDFs through unpdf (PDF.js), plain text for txt,
 * md and csv (one page). docx, xlsx and pptx are not read: their documents are found by title
 * only. An encrypted or unreadable PDF is a failure with the words the status route gives.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import type { UploadExtension } from './upload-rules.js';

export type Extraction = { ok: true; pages: string[] } | { ok: false; reason: string };

export const ENCRYPTED_PDF = 'The PDF is encrypted (password-protected): remove the password and upload it again.';
export const UNREADABLE_PDF = 'The PDF could not be read: the file is damaged or not a PDF.';

async function pdfPages(bytes: Uint8Array): Promise<Extraction> {
  try {
    // A copy: PDF.js takes the buffer over (detaches it).
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    try {
      const { text } = await extractText(pdf, { mergePages: false });
      return { ok: true, pages: text.map((t) => t.replace(/\s+/g, ' ').trim()) };
    } finally {
      await pdf.loadingTask.destroy();
    }
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    return { ok: false, reason: name === 'PasswordException' ? ENCRYPTED_PDF : UNREADABLE_PDF };
  }
}

export async function extractPages(bytes: Uint8Array, type: UploadExtension): Promise<Extraction> {
  switch (type) {
    case 'pdf':
      return pdfPages(bytes);
    case 'txt':
    case 'md':
    case 'csv':
      return { ok: true, pages: [new TextDecoder('utf-8').decode(bytes).trim()] };
    default:
      return { ok: true, pages: [] };
  }
}
