import { formatUah } from '@yedyni/contract';
import { DateRangeFilter } from '../../../shared/range/DateRangeFilter';
import { Alert } from '../../../shared/ui/Alert';
import { EmptyNote } from '../../../shared/ui/ListStates';
import layout from '../../../shared/ui/layout.module.css';
import { Pagination } from '../../../shared/ui/Pagination';
import { Spinner } from '../../../shared/ui/Spinner';
import surfaces from '../../../shared/ui/surfaces.module.css';
import { fetchPayments } from '../slice';
import { paymentTexts as t } from '../texts';
import { ReceiptButton, useReceipts, YearStatement } from './Documents';
import styles from './History.module.css';
import { useHistory } from './useHistory';

/** `/uk/bonus/payments` «Внески»: my successful payments in the period, newest first. */
export default function PaymentsPage() {
  const { payments, page, toPage } = useHistory(fetchPayments);
  const { donats, totalPages, isLoading, error } = payments;
  const receipts = useReceipts();

  return (
    <section className={styles.page} aria-labelledby="payments-title">
      <h2 id="payments-title">{t.payments}</h2>
      <p className={styles.lead}>{t.paymentsLead}</p>
      <YearStatement />
      <DateRangeFilter />
      {error && <Alert>{error}</Alert>}
      {receipts.error && <Alert>{receipts.error}</Alert>}
      {isLoading && donats.length === 0 ? (
        <Spinner compact />
      ) : donats.length === 0 ? (
        !error && <EmptyNote>{t.emptyPayments}</EmptyNote>
      ) : (
        <ul className={layout.list} aria-labelledby="payments-title" aria-busy={isLoading || undefined}>
          {donats.map((payment) => (
            <li key={payment._id} className={`${surfaces.card} ${styles.item}`}>
              <div className={`${layout.spread} ${styles.top}`}>
                <span className={styles.amount}>{formatUah(payment.amount)}</span>
                <time className={styles.when} dateTime={new Date(payment.date).toISOString()}>
                  {t.when(payment.date)}
                </time>
              </div>
              <div className={styles.meta}>
                <span>{payment.action === 'pay' ? t.kindOnce : t.kindMonthly}</span>
                {payment.info && <span className={styles.comment}>«{payment.info}»</span>}
                <ReceiptButton payment={payment} receipts={receipts} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} totalPages={totalPages} onPage={toPage} label={t.pages} disabled={isLoading} />
    </section>
  );
}
