import { DateRangeFilter } from '../../../shared/range/DateRangeFilter';
import { Alert } from '../../../shared/ui/Alert';
import { EmptyNote } from '../../../shared/ui/ListStates';
import layout from '../../../shared/ui/layout.module.css';
import { Pagination } from '../../../shared/ui/Pagination';
import { Spinner } from '../../../shared/ui/Spinner';
import surfaces from '../../../shared/ui/surfaces.module.css';
import { fetchFootprint } from '../slice';
import { paymentTexts as t } from '../texts';
import styles from './History.module.css';
import { useHistory } from './useHistory';

/** `/uk/bonus/mark` «Укр.слід»: the footprint ledger in the period, newest first. */
export default function FootprintPage() {
  const { payments, page, toPage } = useHistory(fetchFootprint);
  const { mark, totalPages, isLoading, error } = payments;

  return (
    <section className={styles.page} aria-labelledby="footprint-title">
      <h2 id="footprint-title">{t.footprint}</h2>
      <p className={styles.lead}>{t.footprintLead}</p>
      <DateRangeFilter />
      {error && <Alert>{error}</Alert>}
      {isLoading && mark.length === 0 ? (
        <Spinner compact />
      ) : mark.length === 0 ? (
        !error && <EmptyNote>{t.emptyFootprint}</EmptyNote>
      ) : (
        <ul className={layout.list} aria-labelledby="footprint-title" aria-busy={isLoading || undefined}>
          {mark.map((entry) => (
            <li key={entry._id} className={`${surfaces.card} ${styles.item}`}>
              <div className={`${layout.spread} ${styles.top}`}>
                <span className={`${styles.amount} ${entry.points < 0 ? styles.minus : styles.plus}`}>
                  {t.points(entry.points)}
                </span>
                <time className={styles.when} dateTime={new Date(entry.date).toISOString()}>
                  {t.when(entry.date)}
                </time>
              </div>
              <div className={styles.meta}>
                <span className={styles.comment}>{entry.comment}</span>
                <span>{t.total(entry.finalValue)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} totalPages={totalPages} onPage={toPage} label={t.pages} disabled={isLoading} />
    </section>
  );
}
