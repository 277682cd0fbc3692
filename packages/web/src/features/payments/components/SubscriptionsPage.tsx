import type { Subscription } from '@yedyni/contract';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useModal } from '../../../shared/modal/useModal';
import { DateRangeFilter } from '../../../shared/range/DateRangeFilter';
import { Alert, Notice } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
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
import { ChargeFailedNote } from './ChargeFailedNote';
import styles from './History.module.css';
import { ChangeAmountDialog, PauseDialog, ResumeDialog } from './SubscriptionDialogs';
import { SubscriptionHistory } from './SubscriptionHistory';
import { useHistory } from './useHistory';

const date = (instant: number | null) => (instant === null ? t.none : t.day(instant));

/** The next charge, always with its amount: a date, a pause's end, or none once cancelled. */
function nextCharge({ data, objSub }: Subscription): string {
  if (objSub.status === 'cancelled' || objSub.nextPaymentDate === null) return t.none;
  const when = t.day(objSub.nextPaymentDate);
  if (objSub.status !== 'paused') return t.nextAmount(when, data.amount);
  return objSub.nextPaymentDate <= Date.now() ? t.pauseEnded(when, data.amount) : t.pausedUntil(when, data.amount);
}

type Dialog = 'cancel' | 'amount' | 'pause' | 'resume';

/**
 * `/uk/bonus/subscriptions` «Підписки»: amount, start, last and next charge (with its amount),
 * status, the order id (copyable), the charges and changes on demand; «Змінити суму»,
 * «Призупинити», «Відновити» and «Скасувати», each in the modal dialog (the modal slice).
 * `?resume=<order id>` (the resume date's notice) opens «Відновити» for that subscription.
 */
export default function SubscriptionsPage() {
  const dispatch = usePaymentsDispatch();
  const { payments, page, toPage } = useHistory(fetchSubscriptions);
  const { subscriptions, subscription, totalPages, isLoading, error } = payments;
  const confirm = useModal();
  const [target, setTarget] = useState<Subscription | null>(null);
  const [dialog, setDialog] = useState<Dialog>('cancel');
  const [params, setParams] = useSearchParams();
  const resumeId = params.get('resume');
  const [shown, setShown] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const ask = (item: Subscription, kind: Dialog = 'cancel') => {
    setDone(null);
    setTarget(item);
    setDialog(kind);
    confirm.toggle();
  };

  // The notice's one click: that subscription's «Відновити», if it is still paused. Once per link
  // (Strict Mode runs a mount's effects twice, and the dialog's flag is a toggle).
  const resumeAsked = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per link, not again when the dialog opens
  useEffect(() => {
    if (!resumeId || resumeAsked.current === resumeId) return;
    resumeAsked.current = resumeId;
    setParams({}, { replace: true });
    dispatch(fetchSubscription(resumeId)).then((result) => {
      if (fetchSubscription.fulfilled.match(result) && result.payload.objSub.status === 'paused') {
        ask(result.payload, 'resume');
      }
    });
  }, [resumeId]);

  const changed = (message: string) => {
    confirm.toggle();
    setDone(message);
    // An open history shows the change too.
    if (target && shown === target._id) dispatch(fetchSubscription(target._id));
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
            const { status } = item.objSub;
            const cancelled = status === 'cancelled';
            const detail = shown === item._id && subscription?._id === item._id ? subscription : null;
            const badge =
              status === 'active'
                ? [badges.success, t.active]
                : status === 'paused'
                  ? [badges.warning, t.paused]
                  : [styles.cancelled, item.objSub.resumedAs ? t.resumed : t.cancelled];
            return (
              <li key={item._id} className={`${surfaces.card} ${styles.item}`}>
                <div className={`${layout.spread} ${styles.top}`}>
                  <span id={titleId} className={styles.amount}>
                    {t.perMonth(item.data.amount)}
                  </span>
                  <span className={`${badges.badge} ${badge[0]} ${styles.badge}`}>{badge[1]}</span>
                </div>
                {item.data.info && <p className={`${styles.meta} ${styles.comment}`}>«{item.data.info}»</p>}
                {item.objSub.resumes && <p className={styles.meta}>{t.resumesNote}</p>}
                {item.objSub.resumedAs && <p className={styles.meta}>{t.resumedNote}</p>}
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
                    <dd>{nextCharge(item)}</dd>
                  </div>
                </dl>
                <ChargeFailedNote subscription={item} />
                {/* Support (and the sandbox's charge command, README) name a subscription by it. */}
                <CopyText label={t.orderId} value={item.data.order_id} />
                <div className={styles.actions}>
                  {status === 'paused' && (
                    <Button aria-describedby={titleId} onClick={() => ask(item, 'resume')}>
                      {t.resume}
                    </Button>
                  )}
                  {!cancelled && (
                    <button
                      type="button"
                      className={buttons.outline}
                      aria-describedby={titleId}
                      onClick={() => ask(item, 'amount')}
                    >
                      {t.changeAmount}
                    </button>
                  )}
                  {status === 'active' && (
                    <button
                      type="button"
                      className={buttons.outline}
                      aria-describedby={titleId}
                      onClick={() => ask(item, 'pause')}
                    >
                      {t.pause}
                    </button>
                  )}
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
                    {t.history}
                    <svg className={styles.chevron} viewBox="0 0 12 12" aria-hidden="true" focusable="false">
                      <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
                    </svg>
                  </button>
                </div>
                <div id={`${titleId}-charges`} hidden={shown !== item._id}>
                  {shown === item._id &&
                    (detail === null ? isLoading && <Spinner compact /> : <SubscriptionHistory detail={detail} />)}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={page} totalPages={totalPages} onPage={toPage} label={t.pages} disabled={isLoading} />

      {confirm.open && target && dialog === 'amount' && (
        <ChangeAmountDialog subscription={target} onClose={confirm.toggle} onDone={changed} />
      )}
      {confirm.open && target && dialog === 'pause' && (
        <PauseDialog subscription={target} onClose={confirm.toggle} onDone={changed} />
      )}
      {confirm.open && target && dialog === 'resume' && <ResumeDialog subscription={target} onClose={confirm.toggle} />}
      <ConfirmDialog
        open={confirm.open && dialog === 'cancel'}
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
