import { DONATION_DESCRIPTION, formatLongDate, formatUah } from '@yedyni/contract';
import { PDF_FONTS, type PdfDocument, renderPdf } from '../../infra/pdf.js';
import { amountInWords } from './amount-words.js';

/** The movement's colours (web tokens `--color-brand`, `--color-accent`), as on the certificate. */
const BRAND = '#1d3c6e';
const ACCENT = '#f0c04a';
export const MUTED = '#4a5568';
const INK = '#000000';

/** Who receives the gifts (settings ORG_NAME, ORG_CODE). */
export interface Organisation {
  name: string;
  code: string;
}

/** `pay` is a one-off gift; `subscribe` (the first) and `regular` are a subscription's monthly charges. */
export const isMonthly = (action: string) => action !== 'pay';

export interface ReceiptDocument {
  organisation: Organisation;
  payer: string;
  /** The provider's id of the charge, and our order's. */
  paymentId: string;
  orderId: string;
  amountKop: number;
  /** When the provider completed the charge (ms). */
  at: number;
  monthly: boolean;
  /** The card as the provider masks it; '' when it did not say. */
  cardMask: string;
}

/** The left margin and the width of the text column on an A4 page. */
export const PAGE = { x: 56, width: 595.28 - 112, bottom: 841.89 - 56 } as const;

/** The movement's line, the document's title and a subtitle; returns the y below them. */
export function drawHeading(doc: PdfDocument, title: string, subtitle: string): number {
  doc.font(PDF_FONTS.regular).fontSize(10).fillColor(MUTED).text('ЄДИНІ · ГРОМАДСЬКИЙ РУХ', PAGE.x, 48, PAGE);
  doc.font(PDF_FONTS.bold).fontSize(24).fillColor(BRAND).text(title, PAGE.x, 68, PAGE);
  doc
    .font(PDF_FONTS.regular)
    .fontSize(13)
    .fillColor(BRAND)
    .text(subtitle, PAGE.x, doc.y + 2, PAGE);
  const y = doc.y + 10;
  doc
    .moveTo(PAGE.x, y)
    .lineTo(PAGE.x + PAGE.width, y)
    .lineWidth(2)
    .stroke(ACCENT);
  return y + 16;
}

export interface Field {
  label: string;
  value: string;
  /** The value larger and bold (the amount). */
  strong?: boolean;
}

const LABEL_WIDTH = 150;

/** Label–value rows from `y` down, each value wrapping in its column; returns the y below them. */
export function drawFields(doc: PdfDocument, fields: Field[], y: number): number {
  const valueX = PAGE.x + LABEL_WIDTH + 12;
  const valueWidth = PAGE.width - LABEL_WIDTH - 12;
  let top = y;
  for (const field of fields) {
    doc.font(PDF_FONTS.regular).fontSize(10).fillColor(MUTED);
    const labelHeight = doc.heightOfString(field.label, { width: LABEL_WIDTH });
    doc.text(field.label, PAGE.x, top + (field.strong ? 4 : 1), { width: LABEL_WIDTH });
    doc
      .font(field.strong ? PDF_FONTS.bold : PDF_FONTS.regular)
      .fontSize(field.strong ? 16 : 12)
      .fillColor(INK);
    const valueHeight = doc.heightOfString(field.value, { width: valueWidth });
    doc.text(field.value, valueX, top, { width: valueWidth });
    top += Math.max(labelHeight, valueHeight) + 9;
  }
  return top;
}

/** A muted paragraph across the page from `y`; returns the y below it. */
export function drawNote(doc: PdfDocument, text: string, y: number, size = 9): number {
  doc.font(PDF_FONTS.regular).fontSize(size).fillColor(MUTED).text(text, PAGE.x, y, PAGE);
  return doc.y;
}

/**
 * A payment's receipt, one A4 page: the organisation and its code, the payer, the Kyiv date and
 * time, the amount in digits and in words, the purpose, the order's and the charge's ids. Its
 * CreationDate is the charge's time, so the same payment always gives the same file.
 */
export function receiptPdf(r: ReceiptDocument): Promise<Buffer> {
  return renderPdf(
    {
      info: {
        Title: `Квитанція про благодійний внесок ${r.paymentId}`,
        Author: r.organisation.name,
        Subject: `${formatUah(r.amountKop / 100)}, ${formatLongDate(r.at)}`,
        CreationDate: new Date(r.at),
      },
    },
    (doc) => {
      let y = drawHeading(doc, 'КВИТАНЦІЯ', 'про отримання благодійного внеску');
      y = drawFields(
        doc,
        [
          { label: 'Отримувач', value: r.organisation.name },
          { label: 'Код ЄДРПОУ', value: r.organisation.code },
          { label: 'Платник', value: r.payer },
          { label: 'Дата і час', value: `${formatLongDate(r.at)} (за київським часом)` },
          { label: 'Вид внеску', value: r.monthly ? 'Щомісячний (підписка)' : 'Разовий' },
          { label: 'Призначення платежу', value: DONATION_DESCRIPTION },
          { label: 'Сума', value: formatUah(r.amountKop / 100), strong: true },
          { label: 'Сума прописом', value: amountInWords(r.amountKop) },
          { label: 'Номер замовлення', value: r.orderId },
          { label: 'Номер платежу', value: r.paymentId },
          ...(r.cardMask ? [{ label: 'Картка', value: r.cardMask }] : []),
          { label: 'Платіжний сервіс', value: 'LiqPay' },
        ],
        y + 4,
      );
      drawNote(
        doc,
        'Квитанцію сформовано автоматично за підтвердженням платіжного сервісу. Дякуємо, що підтримуєте рух!',
        y + 12,
      );
    },
  );
}
