/**
 * The text of an uploaded file, page by page: PDFs through unpdf (PDF.js), spreadsheets (xlsx)
 * through read-excel-file with a page per sheet (its rows as `a | b | c` lines), Word files (docx)
 * through mammoth's raw text (one page), plain text for txt, md and csv (one page). pptx is not
 * read: its documents are found by title only. An encrypted or unreadable PDF, or an unreadable
 * spreadsheet or Word file, is a failure with the words the status route gives.
 */
import mammoth from 'mammoth';
import readXlsxFile from 'read-excel-file/node';
import { extractText, getDocumentProxy } from 'unpdf';
import type { UploadExtension } from './upload-rules.js';

/** A failure keeps what the reader threw (`cause`), for a log line; `reason` is what the service answers. */
export type Extraction = { ok: true; pages: string[] } | { ok: false; reason: string; cause?: unknown };

export const ENCRYPTED_PDF = 'The PDF is encrypted (password-protected): remove the password and upload it again.';
export const UNREADABLE_PDF = 'The PDF could not be read: the file is damaged or not a PDF.';
export const UNREADABLE_XLSX = 'The spreadsheet could not be read: the file is damaged or not an .xlsx workbook.';

export const UNREADABLE_DOCX = 'The Word document could not be read: the file is damaged or not a .docx document.';

async function wordPages(bytes: Uint8Array): Promise<Extraction> {
  try {
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
    return { ok: true, pages: [value.trim()] };
  } catch (error) {
    return { ok: false, reason: UNREADABLE_DOCX, cause: error };
  }
}

const cellText = (cell: unknown): string =>
  cell instanceof Date ? cell.toISOString().slice(0, 10) : cell === null || cell === undefined ? '' : String(cell);

async function sheetPages(bytes: Uint8Array): Promise<Extraction> {
  try {
    const sheets = await readXlsxFile(Buffer.from(bytes));
    return {
      ok: true,
      pages: sheets.map(({ sheet, data }) =>
        [`Sheet ${sheet}`, ...data.map((row) => row.map(cellText).join(' | ')).filter((line) => line.replace(/[\s|]/g, '') !== '')].join(
          '\n',
        ),
      ),
    };
  } catch (error) {
    return { ok: false, reason: UNREADABLE_XLSX, cause: error };
  }
}

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
    return { ok: false, reason: name === 'PasswordException' ? ENCRYPTED_PDF : UNREADABLE_PDF, cause: error };
  }
}

export async function extractPages(bytes: Uint8Array, type: UploadExtension): Promise<Extraction> {
  switch (type) {
    case 'pdf':
      return pdfPages(bytes);
    case 'xlsx':
      return sheetPages(bytes);
    case 'docx':
      return wordPages(bytes);
    case 'txt':
    case 'md':
    case 'csv':
      return { ok: true, pages: [new TextDecoder('utf-8').decode(bytes).trim()] };
    default:
      return { ok: true, pages: [] };
  }
}
