import { kyivParts, RECEIPT_MESSAGES, type StatementYear } from '@yedyni/contract';
import type { Clock } from '../../infra/clock.js';
import type { Db } from '../../infra/db/index.js';
import { AppError } from '../../infra/errors.js';
import type { Actor } from '../auth/index.js';
import type { MadeAttachment } from '../notifications/index.js';
import { canReadReceipt } from './policy.js';
import { isMonthly, type Organisation, receiptPdf } from './receipts.js';
import * as repo from './repo.js';
import { kyivYearRange, statementPdf } from './statement.js';

/** The kind of mail attachment a monthly charge's receipt mail carries (its id: the provider's `payment_id`). */
export const RECEIPT_ATTACHMENT = 'payment-receipt';

interface PdfFile {
  filename: string;
  bytes: Buffer;
}

/**
 * A donor's documents (docs/domain.md «Receipts and the yearly statement»): the receipt of each
 * payment and «Довідка за рік». Both are made on request from the payments as they stand, never
 * stored: a refund after the fact is always reflected.
 */
export class PaymentDocuments {
  constructor(private readonly deps: { db: Db; clock: Clock; organisation: Organisation }) {}

  /**
   * A payment's receipt by the history's id. Someone else's is not found (404, as if it did not
   * exist); a refunded one has no receipt (410): the money went back, so it is no gift to show.
   */
  async receipt(actor: Actor, id: string): Promise<PdfFile> {
    const charge = await repo.chargeForReceipt(this.deps.db, { id });
    if (!charge || !canReadReceipt(actor, charge)) throw new AppError(404, RECEIPT_MESSAGES.paymentNotFound);
    if (charge.reversed_at !== null) throw new AppError(410, RECEIPT_MESSAGES.refunded);
    return { filename: `receipt-${fileSafe(charge.payment_id)}.pdf`, bytes: await this.receiptOf(charge) };
  }

  /**
   * The receipt a charge's mail carries, made when the mail is sent (NotificationService's
   * attachment source). Nothing when the charge is not the recipient's or was refunded meanwhile.
   */
  async receiptAttachment(userId: string, paymentId: string): Promise<MadeAttachment | null> {
    const charge = await repo.chargeForReceipt(this.deps.db, { paymentId });
    if (!charge || charge.user_id !== userId || charge.reversed_at !== null) return null;
    return {
      filename: `receipt-${fileSafe(charge.payment_id)}.pdf`,
      content: await this.receiptOf(charge),
      contentType: 'application/pdf',
    };
  }

  private receiptOf(charge: NonNullable<Awaited<ReturnType<typeof repo.chargeForReceipt>>>): Promise<Buffer> {
    return receiptPdf({
      organisation: this.deps.organisation,
      payer: `${charge.first_name} ${charge.last_name}`,
      paymentId: charge.payment_id,
      orderId: charge.order_id,
      amountKop: charge.amount_kop,
      at: charge.end_date,
      monthly: isMonthly(charge.action),
      cardMask: charge.card_mask,
    });
  }

  /**
   * The years (Kyiv) I gave in, newest first, each with its count and total. The current year is
   * offered too, marked incomplete: its statement says «станом на» today.
   */
  async statementYears(actor: Actor): Promise<{ years: StatementYear[] }> {
    const rows = await repo.chargesOf(this.deps.db, actor.id, {}).select(['amount_kop', 'end_date']).execute();
    const current = kyivParts(this.deps.clock.now()).year;
    const byYear = new Map<number, { count: number; kop: number }>();
    for (const row of rows) {
      const year = kyivParts(row.end_date).year;
      const sum = byYear.get(year) ?? { count: 0, kop: 0 };
      sum.count += 1;
      sum.kop += row.amount_kop;
      byYear.set(year, sum);
    }
    const years = [...byYear]
      .filter(([year]) => year <= current)
      .sort(([a], [b]) => b - a)
      .map(([year, sum]) => ({ year, complete: year < current, count: sum.count, total: sum.kop / 100 }));
    return { years };
  }

  /**
   * «Довідка за рік»: the same charges the history gives for that Kyiv year (the same query), so
   * its total is the history's sum to the kopiyka. A year without gifts, or one still to come, has none.
   */
  async statement(actor: Actor, year: number): Promise<PdfFile> {
    const { db, clock, organisation } = this.deps;
    const now = clock.now();
    const current = kyivParts(now).year;
    const charges =
      year > current
        ? []
        : await repo
            .chargesOf(db, actor.id, kyivYearRange(year))
            .innerJoin('users as u', 'u.id', 'payments.user_id')
            .select(['payments.amount_kop', 'payments.end_date', 'payments.action', 'u.first_name', 'u.last_name'])
            .orderBy('payments.end_date')
            .orderBy('payments.id')
            .execute();
    const first = charges[0];
    if (!first) throw new AppError(404, RECEIPT_MESSAGES.noGifts);
    const bytes = await statementPdf({
      organisation,
      payer: `${first.first_name} ${first.last_name}`,
      year,
      lines: charges.map((c) => ({ at: c.end_date, monthly: isMonthly(c.action), amountKop: c.amount_kop })),
      madeAt: now,
      complete: year < current,
    });
    return { filename: `statement-${year}.pdf`, bytes };
  }
}

/** An id as part of a file name: the provider's ids are digits, but nothing else may slip into the header. */
function fileSafe(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80);
}
