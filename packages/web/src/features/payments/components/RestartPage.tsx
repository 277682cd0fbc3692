import type { RestartCheckout } from '@yedyni/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { Button, buttonClass } from '../../../shared/ui/Button';
import { Spinner } from '../../../shared/ui/Spinner';
import { restartSubscription } from '../api';
import { paymentTexts as t } from '../texts';
import { CheckoutForm } from './CheckoutForm';
import styles from './DonationPage.module.css';

type State = { checkout: RestartCheckout } | { error: string } | null;

/**
 * `/uk/donat/restart/:orderId`, where a failed charge's notice leads: the server prepares a new
 * subscription with the old one's amount and comment (or refuses, with the reason), and the
 * signed form goes straight on to the provider's checkout, where the donor only confirms. Asking
 * twice (a reload, StrictMode) hands back the same checkout: nothing is doubled.
 */
export default function RestartPage() {
  const { orderId = '' } = useParams();
  const id = useId();
  const [state, setState] = useState<State>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    restartSubscription(orderId).then(
      (checkout) => live && setState({ checkout }),
      (failure) => live && setState({ error: errorMessage(failure) }),
    );
    return () => {
      live = false;
    };
  }, [orderId]);

  useEffect(() => {
    if (!state) return;
    heading.current?.focus();
  }, [state]);

  if (!state) {
    return (
      <section className={styles.page}>
        <Spinner label={t.restartPreparing} />
      </section>
    );
  }

  if ('error' in state) {
    return (
      <section className={`${styles.page} ${styles.result}`} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`} ref={heading} tabIndex={-1}>
          {t.restartFailedTitle}
        </h1>
        <Alert>{state.error}</Alert>
        <div className={styles.links}>
          <Link to="/uk/bonus/subscriptions" className={buttonClass('primary')}>
            {t.toSubscriptions}
          </Link>
          <Link to="/uk/donat" className={buttonClass('secondary')}>
            {t.restartNew}
          </Link>
        </div>
      </section>
    );
  }

  const { checkout } = state;
  return (
    <section className={`${styles.page} ${styles.result}`} aria-labelledby={`${id}-title`}>
      <CheckoutForm checkout={checkout} className={styles.card}>
        <h1 id={`${id}-title`} ref={heading} tabIndex={-1}>
          {t.restartTitle}
        </h1>
        <p className={styles.resultText}>{t.restartAmount(checkout.amount)}</p>
        {checkout.comment && <p className={styles.restartComment}>«{checkout.comment}»</p>}
        <p>{t.restartLead}</p>
        {/* Should the automatic step be held up (the browser, a slow network), one press goes on. */}
        <Button type="submit" variant="accent" block>
          {t.restartGo}
        </Button>
      </CheckoutForm>
    </section>
  );
}
