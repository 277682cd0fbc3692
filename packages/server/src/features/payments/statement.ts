import { DONATION_DESCRIPTION, formatDateTime, formatDay, formatUah, kyivTime, plural } from '@yedyni/contract';
import { PDF_FONTS, type PdfDocument, renderPdf } from '../../infra/pdf.js';
import { amountInWords } from './amount-words.js';
import { drawFields, drawHeading, drawNote, MUTED, type Organisation, PAGE } from './receipts.js';

/** The first and the last millisecond of a calendar year on the Kyiv clock. */
export function kyivYearRange(year: number): { start: number; end: number } {
  return { start: kyivTime(year, 1, 1), end: kyivTime(year + 1, 1, 1) - 1 };
}

export interface StatementLine {
  at: number;
  monthly: boolean;
  amountKop: number;
}

export interface StatementDocument {
  organisation: Organisation;
  payer: string;
  year: number;
  /** The year's gifts, oldest first. */
  lines: StatementLine[];
  /** When it is made: for the current year, the day it is «станом на». */
  madeAt: number;
  complete: boolean;
}

/** The table's columns: number, Kyiv date and time, kind, amount (right-aligned). */
const COLUMNS = { n: 28, date: 130, kind: 150 } as const;
const ROW_HEIGHT = 20;

/**
 * «Довідка за рік»: every successful, not refunded gift of one person in a Kyiv calendar year,
 * each with its date, kind and amount, and their total in digits and words, with the
 * organisation's details. Long years continue on further pages, the table's head repeated.
 */
export function statementPdf(s: StatementDocument): Promise<Buffer> {
  const totalKop = s.lines.reduce((sum, line) => sum + line.amountKop, 0);
  return renderPdf(
    {
      info: {
        Title: `Довідка про благодійні внески за ${s.year} рік`,
        Author: s.organisation.name,
        Subject: `${s.payer}: ${formatUah(totalKop / 100)}`,
        CreationDate: new Date(s.madeAt),
      },
    },
    (doc) => {
      let y = drawHeading(doc, 'ДОВІДКА', `про благодійні внески за ${s.year} рік`);
      y = drawFields(
        doc,
        [
          { label: 'Отримувач', value: s.organisation.name },
          { label: 'Код ЄДРПОУ', value: s.organisation.code },
          { label: 'Платник', value: s.payer },
          { label: 'Призначення платежів', value: DONATION_DESCRIPTION },
          {
            label: 'Період',
            value: s.complete
              ? `1 січня — 31 грудня ${s.year} (за київським часом)`
              : `1 січня ${s.year} — ${formatDay(s.madeAt)}: рік ще триває, довідка станом на цей день`,
          },
        ],
        y + 4,
      );
      y = drawTableHead(doc, y + 8);
      s.lines.forEach((line, index) => {
        if (y + ROW_HEIGHT > PAGE.bottom) {
          doc.addPage();
          y = drawNote(doc, `Довідка за ${s.year} рік · ${s.payer} (продовження)`, 48, 10) + 10;
          y = drawTableHead(doc, y);
        }
        drawRow(doc, y, [String(index + 1), formatDateTime(line.at), line.monthly ? 'щомісячний' : 'разовий'], line);
        y += ROW_HEIGHT;
      });
      // The total with its words and the note stay together: a new page when they would not fit.
      if (y + 110 > PAGE.bottom) {
        doc.addPage();
        y = 56;
      }
      doc
        .moveTo(PAGE.x, y + 2)
        .lineTo(PAGE.x + PAGE.width, y + 2)
        .lineWidth(1)
        .stroke(MUTED);
      y = drawFields(
        doc,
        [
          { label: 'Разом', value: formatUah(totalKop / 100), strong: true },
          { label: 'Сума прописом', value: amountInWords(totalKop) },
          { label: 'Кількість внесків', value: plural(s.lines.length, 'внесок', 'внески', 'внесків') },
        ],
        y + 12,
      );
      drawNote(
        doc,
        `Дати — за київським часом. Повернені внески не враховано. Довідку сформовано ${formatDateTime(s.madeAt)} ` +
          'автоматично за підтвердженнями платіжного сервісу LiqPay.',
        y + 8,
      );
    },
  );
}

function drawTableHead(doc: PdfDocument, y: number): number {
  doc.font(PDF_FONTS.bold).fontSize(10).fillColor(MUTED);
  let x = PAGE.x;
  for (const [title, width] of [
    ['№', COLUMNS.n],
    ['Дата і час (Київ)', COLUMNS.date],
    ['Вид внеску', COLUMNS.kind],
  ] as const) {
    doc.text(title, x, y, { width, lineBreak: false });
    x += width;
  }
  doc.text('Сума', x, y, { width: PAGE.x + PAGE.width - x, align: 'right', lineBreak: false });
  doc
    .moveTo(PAGE.x, y + 15)
    .lineTo(PAGE.x + PAGE.width, y + 15)
    .lineWidth(0.5)
    .stroke(MUTED);
  return y + 21;
}

function drawRow(doc: PdfDocument, y: number, cells: [string, string, string], line: StatementLine): void {
  doc.font(PDF_FONTS.regular).fontSize(11).fillColor('#000000');
  let x = PAGE.x;
  for (const [index, width] of [COLUMNS.n, COLUMNS.date, COLUMNS.kind].entries()) {
    doc.text(cells[index] ?? '', x, y, { width, lineBreak: false });
    x += width;
  }
  doc.text(formatUah(line.amountKop / 100), x, y, { width: PAGE.x + PAGE.width - x, align: 'right', lineBreak: false });
}
