import { formatUah, type Subscription } from '@yedyni/contract';
import { useEffect, useRef, useState } from 'react';
import { useModal } from '../../../shared/modal/useModal';
import { DateRangeFilter } from '../../../shared/range/DateRangeFilter';
import { Alert, Notice } from '../../../shared/ui/Alert';
import badges from '../../../shared/ui/badges.module.css';
import buttons from '../../../shared/ui/buttons.module.css';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { CopyText } from '../../../shared/ui/CopyText';
import { EmptyNote } from '../../../shared/ui/ListStates';
import layout from '../../../shared/ui/layout.module.css';
import { Pagination } from '../../../shared/ui/Pagination';
import { Spinner } from '../../../shared/ui/Spinner';
import surfaces from '../../../shared/ui/surfaces.module.css';
import { usePaymentsDispatch } from '../hooks';
import { fetchSubscription, fetchSubscriptions, unsubscribe } from '../slice';
import { paymentTexts as t } from '../texts';
import styles from './History.module.css';
import { useHistory } from './useHistory';

const date = (instant: number | null) => (instant === null ? t.none : t.day(instant));

/**
 * `/uk/bonus/subscriptions` «Підписки»: amount, start, last and next charge, status, the order id
 * (copyable), the charges on demand, and «Скасувати» after a confirmation in the modal dialog (the modal slice).
 */
export default function SubscriptionsPage() {
  const dispatch = usePaymentsDispatch();
  const { payments, page, toPage } = useHistory(fetchSubscriptions);
  const { subscriptions, subscription, totalPages, isLoading, error } = payments;
  const confirm = useModal();
  const [target, setTarget] = useState<Subscription | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const ask = (item: Subscription) => {
    setDone(null);
    setTarget(item);
    confirm.toggle();
  };

  const cancel = async () => {
    if (!target) return;
    confirm.toggle();
    const result = await dispatch(unsubscribe(target.data.order_id));
    if (unsubscribe.fulfilled.match(result)) setDone(result.payload.message);
  };

  const toggleCharges = (item: Subscription) => {
    if (shown === item._id) {
      setShown(null);
      return;
    }
    setShown(item._id);
    dispatch(fetchSubscription(item._id));
  };

  return (
    <section className={styles.page} aria-labelledby="subscriptions-title">
      <h2 id="subscriptions-title">{t.subscriptions}</h2>
      <p className={styles.lead}>{t.subscriptionsLead}</p>
      <DateRangeFilter />
      {error && <Alert>{error}</Alert>}
      {done && (
        <div ref={doneRef} tabIndex={-1}>
          <Notice>{done}</Notice>
        </div>
      )}
      {isLoading && subscriptions.length === 0 ? (
        <Spinner compact />
      ) : subscriptions.length === 0 ? (
        !error && <EmptyNote>{t.emptySubscriptions}</EmptyNote>
      ) : (
        <ul className={layout.list} aria-labelledby="subscriptions-title" aria-busy={isLoading || undefined}>
          {subscriptions.map((item) => {
            const titleId = `subscription-${item._id}`;
            const cancelled = item.objSub.isUnsubscribe;
            const detail = shown === item._id && subscription?._id === item._id ? subscription : null;
            return (
              <li key={item._id} className={`${surfaces.card} ${styles.item}`}>
                <div className={`${layout.spread} ${styles.top}`}>
                  <span id={titleId} className={styles.amount}>
                    {t.perMonth(item.data.amount)}
                  </span>
                  <span className={`${badges.badge} ${cancelled ? styles.cancelled : badges.success} ${styles.badge}`}>
                    {cancelled ? t.cancelled : t.active}
                  </span>
                </div>
                {item.data.info && <p className={`${styles.meta} ${styles.comment}`}>«{item.data.info}»</p>}
                <dl className={styles.dates}>
                  <div>
                    <dt>{t.started}</dt>
                    <dd>{date(item.data.end_date)}</dd>
                  </div>
                  <div>
                    <dt>{t.lastCharge}</dt>
                    <dd>{date(item.objSub.lastPaymentDate)}</dd>
                  </div>
                  <div>
                    <dt>{t.nextCharge}</dt>
                    <dd>{cancelled ? t.none : date(item.objSub.nextPaymentDate)}</dd>
                  </div>
                </dl>
                {/* Support (and the sandbox's charge command, README) name a subscription by it. */}
                <CopyText label={t.orderId} value={item.data.order_id} />
                <div className={styles.actions}>
                  {!cancelled && (
                    <button
                      type="button"
                      className={`${buttons.outline} ${buttons.danger}`}
                      aria-describedby={titleId}
                      disabled={isLoading}
                      onClick={() => ask(item)}
                    >
                      {t.cancel}
                    </button>
                  )}
                  <button
                    type="button"
                    className={`${buttons.text} ${styles.textButton}`}
                    aria-expanded={shown === item._id}
                    aria-controls={`${titleId}-charges`}
                    aria-describedby={titleId}
                    onClick={() => toggleCharges(item)}
                  >
                    {t.charges}
                    <svg className={styles.chevron} viewBox="0 0 12 12" aria-hidden="true" focusable="false">
                      <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
                    </svg>
                  </button>
                </div>
                <div id={`${titleId}-charges`} hidden={shown !== item._id}>
                  {shown === item._id &&
                    (detail === null ? (
                      isLoading && <Spinner compact />
                    ) : detail.charges.length === 0 ? (
                      <p className={styles.meta}>{t.noCharges}</p>
                    ) : (
                      <ul className={styles.charges} aria-label={t.charges}>
                        {detail.charges.map((charge) => (
                          <li key={charge._id}>
                            <time dateTime={new Date(charge.date).toISOString()}>{t.when(charge.date)}</time>
                            <span>{formatUah(charge.amount)}</span>
                          </li>
                        ))}
                      </ul>
                    ))}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={page} totalPages={totalPages} onPage={toPage} label={t.pages} disabled={isLoading} />

      <ConfirmDialog
        open={confirm.open}
        title={t.cancelTitle}
        confirm={t.cancelYes}
        cancel={t.cancelNo}
        onConfirm={cancel}
        onCancel={confirm.toggle}
        danger
      >
        {target && <p>{t.cancelText(target.data.amount)}</p>}
      </ConfirmDialog>
    </section>
  );
}
