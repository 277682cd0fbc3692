import { formatDay, plural, WAVE_DAYS } from '@yedyni/contract';
import { drawQr, PDF_FONTS, renderPdf } from '../../infra/pdf.js';

/** The movement's colours (web tokens `--color-brand`, `--color-accent`), for the printed page. */
const BRAND = '#1d3c6e';
const ACCENT = '#f0c04a';
const MUTED = '#4a5568';

export interface CertificateDocument {
  id: string;
  name: string;
  course: string;
  wave: string;
  issuedAt: number;
  /** The public page, `<PUBLIC_URL>/certificates/<id>`, which the QR code opens. */
  url: string;
}

/**
 * A4 landscape: the name, the course, the wave, the date (Kyiv) and the id, with a QR code to the
 * public page where anyone checks that it stands. Its CreationDate is the issue date, so the same
 * certificate gives the same file.
 */
export function certificatePdf(c: CertificateDocument): Promise<Buffer> {
  return renderPdf(
    {
      size: 'A4',
      layout: 'landscape',
      margin: 0,
      info: {
        Title: `Сертифікат ${c.id}`,
        Author: 'Єдині',
        Subject: `${c.name}, «${c.course}», хвиля ${c.wave}`,
        CreationDate: new Date(c.issuedAt),
      },
    },
    (doc) => {
      const width = doc.page.width;
      const height = doc.page.height;
      doc
        .rect(24, 24, width - 48, height - 48)
        .lineWidth(3)
        .stroke(BRAND);
      doc
        .rect(34, 34, width - 68, height - 68)
        .lineWidth(1)
        .stroke(ACCENT);
      const text = (
        value: string,
        y: number,
        size: number,
        options: { bold?: boolean; color?: string; x?: number; width?: number; align?: 'center' | 'left' } = {},
      ) => {
        doc
          .font(options.bold ? PDF_FONTS.bold : PDF_FONTS.regular)
          .fontSize(size)
          .fillColor(options.color ?? BRAND)
          .text(value, options.x ?? 80, y, { width: options.width ?? width - 160, align: options.align ?? 'center' });
      };
      text('ЄДИНІ · ГРОМАДСЬКИЙ РУХ', 70, 12, { color: MUTED });
      text('СЕРТИФІКАТ', 100, 44, { bold: true });
      text('засвідчує, що', 170, 16, { color: MUTED });
      text(c.name, 200, 34, { bold: true, color: '#000000' });
      text('пройшов(-ла) курс', 262, 16, { color: MUTED });
      text(`«${c.course}»`, 290, 24, { bold: true });
      text(`хвиля ${c.wave} · ${plural(WAVE_DAYS, 'день', 'дні', 'днів')} практики українською`, 336, 14, {
        color: MUTED,
      });
      const qr = 118;
      const qrX = width - 80 - qr;
      const qrY = height - 80 - qr;
      drawQr(doc, c.url, qrX, qrY, qr, BRAND);
      const left = { x: 80, width: qrX - 100, align: 'left' as const };
      text(`Видано ${formatDay(c.issuedAt)}`, height - 150, 14, { ...left, color: '#000000' });
      text(`№ ${c.id}`, height - 126, 14, { ...left, bold: true });
      text(`Перевірити: ${c.url}`, height - 104, 10, { ...left, color: MUTED });
    },
  );
}
