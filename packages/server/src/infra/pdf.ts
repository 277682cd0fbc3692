import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/**
 * Generic PDF making (pdfkit): documents with Ukrainian text, written to a Buffer. Certificates use
 * it, and receipts will (issue 22). PDF's standard fonts have no Cyrillic, so every document
 * embeds DejaVu Sans (a subset of the glyphs it uses), registered under the names below.
 */

export const PDF_FONTS = { regular: 'Sans', bold: 'Sans-Bold' } as const;

/**
 * The font files, resolved from the installed package rather than from this file's place, so the
 * same code finds them from `src/` under the tests and from `dist/` in the built server.
 */
const FONT_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
export const FONT_FILES = {
  [PDF_FONTS.regular]: path.join(FONT_DIR, 'DejaVuSans.ttf'),
  [PDF_FONTS.bold]: path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'),
} as const;

export type PdfDocument = PDFKit.PDFDocument;

export interface PdfOptions {
  size?: string;
  layout?: 'portrait' | 'landscape';
  margin?: number;
  /** The document's properties; CreationDate fixed by the caller keeps the bytes reproducible. */
  info: { Title: string; Author?: string; Subject?: string; CreationDate: Date };
}

/** Draws one page-set with `draw` (fonts registered, the regular one chosen) and returns the file. */
export async function renderPdf(
  options: PdfOptions,
  draw: (doc: PdfDocument) => void | Promise<void>,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: options.size ?? 'A4',
    layout: options.layout ?? 'portrait',
    margin: options.margin ?? 48,
    info: { ...options.info, ModDate: options.info.CreationDate },
    lang: 'uk',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const [name, file] of Object.entries(FONT_FILES)) doc.registerFont(name, file);
  doc.font(PDF_FONTS.regular);
  await draw(doc);
  doc.end();
  return done;
}

/**
 * A QR code of `text` drawn as vector squares (sharp at any zoom, no image to embed), its top left
 * corner at (x, y), `size` points wide including the quiet zone of 4 modules the standard asks;
 * the square is also a link to `text`. Returns the module matrix drawn, for a caller that checks it.
 */
export function drawQr(doc: PdfDocument, text: string, x: number, y: number, size: number, color = '#000000') {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cell = size / (modules.size + 2 * quiet);
  doc.save();
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell, cell);
    }
  }
  doc.fill(color);
  doc.restore();
  doc.link(x, y, size, size, text);
  return modules;
}
