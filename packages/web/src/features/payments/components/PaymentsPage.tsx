import { DateRangeFilter } from '../../../shared/range/DateRangeFilter';
import { Alert } from '../../../shared/ui/Alert';
import { EmptyNote } from '../../../shared/ui/ListStates';
import { Pagination } from '../../../shared/ui/Pagination';
import { Spinner } from '../../../shared/ui/Spinner';
import { fetchDonats } from '../slice';
import { paymentTexts as t, uah } from '../texts';
import styles from './History.module.css';
import { useHistory } from './useHistory';

/** `/uk/bonus/payments` «Внески»: my successful payments in the period, newest first. */
export default function PaymentsPage() {
  const { payments, page, toPage } = useHistory(fetchDonats);
  const { donats, totalPages, isLoading, error } = payments;

  return (
    <section className={styles.page} aria-labelledby="payments-title">
      <h2 id="payments-title">{t.payments}</h2>
      <p className={styles.lead}>{t.paymentsLead}</p>
      <DateRangeFilter />
      {error && <Alert>{error}</Alert>}
      {isLoading && donats.length === 0 ? (
        <Spinner compact />
      ) : donats.length === 0 ? (
        !error && <EmptyNote>{t.emptyPayments}</EmptyNote>
      ) : (
        <ul className={styles.list} aria-labelledby="payments-title" aria-busy={isLoading || undefined}>
          {donats.map((donat) => (
            <li key={donat._id} className={styles.item}>
              <div className={styles.top}>
                <span className={styles.amount}>{uah(donat.amount)}</span>
                <time className={styles.when} dateTime={new Date(donat.date).toISOString()}>
                  {t.when(donat.date)}
                </time>
              </div>
              <div className={styles.meta}>
                <span>{donat.action === 'pay' ? t.kindOnce : t.kindMonthly}</span>
                {donat.info && <span className={styles.comment}>«{donat.info}»</span>}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} totalPages={totalPages} onPage={toPage} label={t.pages} disabled={isLoading} />
    </section>
  );
}
