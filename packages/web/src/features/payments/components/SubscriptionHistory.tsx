import { formatUah, type SubscriptionDetail, type SubscriptionEvent } from '@yedyni/contract';
import { paymentTexts as t } from '../texts';
import styles from './History.module.css';

function eventText(event: SubscriptionEvent): string {
  switch (event.kind) {
    case 'amount_changed':
      return t.eventAmount(event.from ?? 0, event.to ?? 0);
    case 'paused':
      return t.eventPaused(event.until === null ? t.none : t.day(event.until));
    case 'resumed':
      return t.eventResumed;
    case 'cancelled':
      return t.eventCancelled;
  }
}

const when = (instant: number) => <time dateTime={new Date(instant).toISOString()}>{t.when(instant)}</time>;

/** A subscription's changes (amount, pause, resume, cancellation) and its charges, newest first. */
export function SubscriptionHistory({ detail }: { detail: SubscriptionDetail }) {
  return (
    <div className={styles.history}>
      {detail.events.length > 0 && (
        <ul className={styles.charges} aria-label={t.changes}>
          {detail.events.map((event) => (
            <li key={event._id}>
              {when(event.at)}
              <span>{eventText(event)}</span>
            </li>
          ))}
        </ul>
      )}
      {detail.charges.length === 0 ? (
        <p className={styles.meta}>{t.noCharges}</p>
      ) : (
        <ul className={styles.charges} aria-label={t.charges}>
          {detail.charges.map((charge) => (
            <li key={charge._id}>
              {when(charge.date)}
              <span>{formatUah(charge.amount)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
