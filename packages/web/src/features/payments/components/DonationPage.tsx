import { formatLevel, type Indicators, supportLevel } from '@yedyni/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { useModal } from '../../../shared/modal/useModal';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { Modal } from '../../../shared/ui/Modal';
import { TextField } from '../../../shared/ui/TextField';
import { createCheckout } from '../api';
import { DONATION_COMMENT_MAX, DONATION_DESCRIPTION, OFFER_TEXT, paymentTexts as t } from '../texts';
import { AmountField, readAmount } from './AmountField';
import { CheckoutForm } from './CheckoutForm';
import styles from './DonationPage.module.css';
import { OrderResult } from './OrderResult';

interface DonationPageProps {
  /** My support indicators, for the preview of the level after this gift; null until loaded. */
  indicators: Indicators | null;
  /** A payment went through: the app refreshes the indicators (the header's level with them). */
  onPaid: () => Promise<unknown>;
}

const DEFAULT_AMOUNT = 120;

/**
 * `/uk/donat`: the donation form (monthly or one-off, an amount in forties, a comment, the public
 * offer), which sends the payer to the provider's checkout; `?order=` is the screen they return to.
 * `?amount=&type=subscribe|once` prefills the form (the gratitudes' «Обрати»).
 */
export default function DonationPage({ indicators, onPaid }: DonationPageProps) {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  if (orderId) return <OrderResult key={orderId} orderId={orderId} indicators={indicators} onPaid={onPaid} />;

  const asked = Number(params.get('amount'));
  const amount = Number.isFinite(asked) && asked > 0 ? asked : DEFAULT_AMOUNT;
  const monthly = params.get('type') !== 'once';
  return (
    <DonationForm key={params.toString()} initialAmount={amount} initialMonthly={monthly} indicators={indicators} />
  );
}

interface DonationFormProps {
  initialAmount: number;
  initialMonthly: boolean;
  indicators: Indicators | null;
}

function DonationForm({ initialAmount, initialMonthly, indicators }: DonationFormProps) {
  const id = useId();
  const [monthly, setMonthly] = useState(initialMonthly);
  const [amountText, setAmountText] = useState(String(initialAmount));
  const [comment, setComment] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [checkout, setCheckout] = useState<{ checkoutUrl: string; data: string; signature: string } | null>(null);
  const amountInput = useRef<HTMLInputElement>(null);
  const offerInput = useRef<HTMLInputElement>(null);
  const offer = useModal();

  const { amount, valid: amountValid } = readAmount(amountText);
  const offerError = submitted && !agreed ? t.offerMissing : null;

  // Back from the checkout through the browser's cache: the form is usable again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setBusy(false);
      setCheckout(null);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (!amountValid) {
      amountInput.current?.focus();
      return;
    }
    if (!agreed) {
      offerInput.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const note = comment.trim();
    try {
      const answer = await createCheckout({
        amount,
        subscribe: monthly,
        offerAccepted: true,
        ...(note ? { comment: note } : {}),
      });
      setCheckout(answer);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  const current = indicators ? formatLevel(indicators.levelSupport) : null;
  const next =
    indicators && amountValid ? formatLevel(supportLevel(indicators.totalDonat + amount, indicators.totalTime)) : null;

  return (
    <section className={styles.page} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t.title}</h1>
      <p className={styles.lead}>{t.lead}</p>

      <form className={styles.card} onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
        <fieldset className={styles.kind}>
          <legend className={styles.label}>{t.kind}</legend>
          <div className={styles.segments}>
            <label className={styles.segment}>
              <input type="radio" name="kind" checked={monthly} onChange={() => setMonthly(true)} />
              <span>{t.monthly}</span>
            </label>
            <label className={styles.segment}>
              <input type="radio" name="kind" checked={!monthly} onChange={() => setMonthly(false)} />
              <span>{t.once}</span>
            </label>
          </div>
          <p className={styles.hint}>{monthly ? t.monthlyHint : t.onceHint}</p>
        </fieldset>

        <AmountField value={amountText} onChange={setAmountText} showError={submitted} inputRef={amountInput} />

        <div className={styles.preview}>
          <p className={styles.previewLabel}>{t.preview}</p>
          <p className={styles.previewValue}>{next ?? '—'}</p>
          <p className={styles.hint}>{current === null ? t.previewUnknown : t.previewNow(current)}</p>
        </div>

        <TextField
          label={t.comment}
          hint={t.commentCount(comment.length)}
          maxLength={DONATION_COMMENT_MAX}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          autoComplete="off"
        />

        <div className={styles.offer}>
          <input
            ref={offerInput}
            id={`${id}-offer`}
            type="checkbox"
            className={styles.checkbox}
            checked={agreed}
            onChange={(event) => setAgreed(event.target.checked)}
            required
            aria-invalid={offerError ? true : undefined}
            aria-describedby={offerError ? `${id}-offer-error` : undefined}
          />
          <label htmlFor={`${id}-offer`}>
            {t.offerBefore}
            <button type="button" className={styles.linkButton} onClick={offer.toggle}>
              {t.offerLink}
            </button>
          </label>
        </div>
        {offerError && (
          <p id={`${id}-offer-error`} className={styles.error}>
            {offerError}
          </p>
        )}

        <p className={styles.purpose}>
          {t.purpose}: {DONATION_DESCRIPTION}
        </p>

        {error && <Alert>{error}</Alert>}

        <Button type="submit" variant="accent" block disabled={busy}>
          {busy ? t.submitting : t.submit}
        </Button>
        {amountValid && <p className={styles.summary}>{t.summary(amount, monthly)}</p>}
      </form>

      <p className={styles.more}>
        <Link to="/uk/bonus/gratitudes">{t.gratitudes}</Link>
      </p>
      <p className={styles.more}>
        <Link to="/zvit">{t.openbook}</Link>
      </p>

      {/* The signed form goes to the provider's checkout (the page navigates away). */}
      {checkout && <CheckoutForm checkout={checkout} />}

      <Modal open={offer.open} onClose={offer.toggle} title={t.offerTitle} closeLabel={t.close}>
        {OFFER_TEXT.map((paragraph) => (
          <p key={paragraph} className={styles.offerText}>
            {paragraph}
          </p>
        ))}
      </Modal>
    </section>
  );
}
