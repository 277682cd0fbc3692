import { formatLevel, type Indicators, type OrderState } from '@yedyni/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { Button, buttonClass } from '../../../shared/ui/Button';
import { Spinner } from '../../../shared/ui/Spinner';
import { fetchOrder } from '../api';
import { paymentTexts as t } from '../texts';
import styles from './DonationPage.module.css';

/** While the provider has not confirmed: this many looks, this far apart. */
export const ORDER_POLLS = 6;
export const ORDER_POLL_MS = 1500;

interface OrderResultProps {
  orderId: string;
  indicators: Indicators | null;
  onPaid: () => Promise<unknown>;
}

const retryLink = (order: OrderState) =>
  `/uk/donat?${new URLSearchParams({ amount: String(order.amount), type: order.subscribe ? 'subscribe' : 'once' })}`;

/**
 * `/uk/donat?order=…`: where the payer lands back from the checkout. Looks at the order a few
 * times while it is pending; a success refreshes the indicators (and the header's level).
 */
export function OrderResult({ orderId, indicators, onPaid }: OrderResultProps) {
  const id = useId();
  const [order, setOrder] = useState<OrderState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [exhausted, setExhausted] = useState(false);
  const [round, setRound] = useState(0);
  const [levelFresh, setLevelFresh] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` changes when «Перевірити ще раз» asks to look again.
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let looks = 0;
    setExhausted(false);
    setError(null);
    const look = async () => {
      try {
        const next = await fetchOrder(orderId);
        if (!live) return;
        setOrder(next);
        if (next.status !== 'pending') return;
        looks += 1;
        if (looks < ORDER_POLLS) timer = setTimeout(look, ORDER_POLL_MS);
        else setExhausted(true);
      } catch (failure) {
        if (live) setError(errorMessage(failure));
      }
    };
    void look();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [orderId, round]);

  const status = order?.status;
  const success = status === 'paid' || status === 'subscribed';
  useEffect(() => {
    if (!success) return;
    let live = true;
    onPaid().finally(() => {
      if (live) setLevelFresh(true);
    });
    return () => {
      live = false;
    };
  }, [success, onPaid]);

  const settled = error !== null || (status !== undefined && (status !== 'pending' || exhausted));
  // The outcome is announced by moving focus to its heading.
  useEffect(() => {
    if (settled) heading.current?.focus();
  }, [settled]);

  if (!settled || !order) {
    if (error) {
      return (
        <section className={styles.page} aria-labelledby={`${id}-title`}>
          <h1 id={`${id}-title`} ref={heading} tabIndex={-1}>
            {t.failedTitle}
          </h1>
          <Alert>{error}</Alert>
          <Link to="/uk/donat" className={buttonClass('accent')}>
            {t.tryAgain}
          </Link>
        </section>
      );
    }
    return (
      <section className={styles.page}>
        <Spinner label={t.checking} />
      </section>
    );
  }

  const level = levelFresh && indicators ? formatLevel(indicators.levelSupport) : null;

  if (success) {
    return (
      <section className={`${styles.page} ${styles.result}`} aria-labelledby={`${id}-title`}>
        <div className={`${styles.card} ${styles.success}`}>
          <h1 id={`${id}-title`} ref={heading} tabIndex={-1}>
            {t.thanks}
          </h1>
          <p className={styles.resultText}>{status === 'paid' ? t.paid(order.amount) : t.subscribed(order.amount)}</p>
          {status === 'subscribed' && <p>{t.subscribedNext}</p>}
          <div className={styles.level}>
            <span>{t.newLevel}</span>
            <strong>{level ?? '…'}</strong>
          </div>
        </div>
        <div className={styles.links}>
          <Link to="/uk/bonus" className={buttonClass('primary')}>
            {t.toIndicators}
          </Link>
          <Link
            to={status === 'paid' ? '/uk/bonus/payments' : '/uk/bonus/subscriptions'}
            className={buttonClass('secondary')}
          >
            {status === 'paid' ? t.toHistory : t.toSubscriptions}
          </Link>
          <Link to="/uk/donat" className={buttonClass('secondary')}>
            {t.donateMore}
          </Link>
        </div>
      </section>
    );
  }

  if (status === 'pending') {
    return (
      <section className={`${styles.page} ${styles.result}`} aria-labelledby={`${id}-title`}>
        <div className={styles.card}>
          <h1 id={`${id}-title`} ref={heading} tabIndex={-1}>
            {t.pendingTitle}
          </h1>
          <p>{t.pendingText}</p>
        </div>
        {error && <Alert>{error}</Alert>}
        <div className={styles.links}>
          <Button onClick={() => setRound((n) => n + 1)}>{t.checkAgain}</Button>
          <Link to={retryLink(order)} className={buttonClass('secondary')}>
            {t.tryAgain}
          </Link>
        </div>
      </section>
    );
  }

  if (status === 'unsubscribed') {
    return (
      <section className={`${styles.page} ${styles.result}`} aria-labelledby={`${id}-title`}>
        <div className={styles.card}>
          <h1 id={`${id}-title`} ref={heading} tabIndex={-1}>
            {t.unsubscribedTitle}
          </h1>
          <p>{t.unsubscribedText}</p>
        </div>
        <div className={styles.links}>
          <Link to="/uk/donat" className={buttonClass('accent')}>
            {t.donateMore}
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className={`${styles.page} ${styles.result}`} aria-labelledby={`${id}-title`}>
      <div className={`${styles.card} ${styles.failed}`}>
        <h1 id={`${id}-title`} ref={heading} tabIndex={-1}>
          {t.failedTitle}
        </h1>
        <p>{t.failedText}</p>
      </div>
      <div className={styles.links}>
        <Link to={retryLink(order)} className={buttonClass('accent')}>
          {t.tryAgain}
        </Link>
      </div>
    </section>
  );
}
