import { addMonth, type Checkout, PAUSE_MONTHS, type Subscription, type SubscriptionChange } from '@yedyni/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import answers from '../../../shared/ui/ConfirmDialog.module.css';
import { Modal } from '../../../shared/ui/Modal';
import { resumeSubscription } from '../api';
import { usePaymentsDispatch } from '../hooks';
import { changeSubscriptionAmount, pauseSubscription } from '../slice';
import { paymentTexts as t } from '../texts';
import { AmountField, readAmount } from './AmountField';
import { CheckoutForm } from './CheckoutForm';
import styles from './DonationPage.module.css';

/** A change sent from a dialog: busy meanwhile, the server's words when done, its refusal shown in the dialog. */
function useChangeRequest(onDone: (message: string) => void) {
  const dispatch = usePaymentsDispatch();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async (action: ReturnType<typeof changeSubscriptionAmount | typeof pauseSubscription>) => {
    setBusy(true);
    setError(null);
    // Both thunks answer alike; dispatch's overloads take one thunk type at a time.
    const result: { payload?: SubscriptionChange | string } = await dispatch(
      action as ReturnType<typeof changeSubscriptionAmount>,
    );
    setBusy(false);
    // Done: the change; refused: the server's message (rejectWithValue).
    if (typeof result.payload === 'object') onDone(result.payload.message);
    else setError(result.payload ?? null);
  };
  return { busy, error, send };
}

interface DialogProps {
  subscription: Subscription;
  onClose: () => void;
  /** Done: the server's words for it. */
  onDone: (message: string) => void;
}

/** «Змінити суму»: the donation form's amount field; the provider is asked before anything changes. */
export function ChangeAmountDialog({ subscription, onClose, onDone }: DialogProps) {
  const [text, setText] = useState(String(subscription.data.amount));
  const [submitted, setSubmitted] = useState(false);
  const { busy, error, send } = useChangeRequest(onDone);
  const input = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const { amount, valid } = readAmount(text);
    if (!valid) {
      input.current?.focus();
      return;
    }
    await send(changeSubscriptionAmount({ orderId: subscription.data.order_id, amount }));
  };

  return (
    <Modal open onClose={onClose} title={t.changeTitle}>
      <form className={styles.dialogForm} onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
        <p className={styles.hint}>{t.changeLead(subscription.data.amount)}</p>
        <AmountField value={text} onChange={setText} showError={submitted} inputRef={input} />
        {error && <Alert>{error}</Alert>}
        <div className={answers.answers}>
          <Button variant="secondary" onClick={onClose}>
            {t.close}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? t.changeSaving : t.changeSave}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** «Призупинити»: 1, 2 or 3 months, and what happens, with the date the donor will be asked to resume. */
export function PauseDialog({ subscription, onClose, onDone }: DialogProps) {
  const id = useId();
  const [months, setMonths] = useState<(typeof PAUSE_MONTHS)[number]>(1);
  const { busy, error, send } = useChangeRequest(onDone);
  // The server's rule: the next `months` charges are skipped, the charge day stays.
  const charged = subscription.objSub.lastPaymentDate ?? subscription.data.end_date;
  const resumeAt = addMonth(charged, months + 1);

  const pause = () => send(pauseSubscription({ orderId: subscription.data.order_id, months }));

  return (
    <Modal open onClose={onClose} title={t.pauseTitle}>
      <div className={styles.dialogForm} aria-busy={busy || undefined}>
        <fieldset className={styles.kind}>
          <legend className={styles.label}>{t.pauseMonths}</legend>
          <div className={`${styles.segments} ${styles.months}`}>
            {PAUSE_MONTHS.map((value) => (
              <label key={value} className={styles.segment}>
                <input
                  type="radio"
                  name={`${id}-months`}
                  checked={months === value}
                  onChange={() => setMonths(value)}
                />
                <span>{t.pauseMonth(value)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <p className={styles.hint}>{t.pauseText(t.day(resumeAt))}</p>
        {error && <Alert>{error}</Alert>}
        <div className={answers.answers}>
          <Button variant="secondary" onClick={onClose}>
            {t.keep}
          </Button>
          <Button onClick={pause} disabled={busy}>
            {t.pauseYes}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/** «Відновити»: a checkout of the same amount; the page leaves for it. */
export function ResumeDialog({ subscription, onClose }: Omit<DialogProps, 'onDone'>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [checkout, setCheckout] = useState<Checkout | null>(null);

  const resume = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      setCheckout(await resumeSubscription(subscription.data.order_id));
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open
      title={t.resumeTitle}
      confirm={busy ? t.resuming : t.resumeYes}
      cancel={t.keep}
      onConfirm={resume}
      onCancel={onClose}
    >
      <p>{t.resumeText(subscription.data.amount)}</p>
      {error && <Alert>{error}</Alert>}
      {checkout && <CheckoutForm checkout={checkout} />}
    </ConfirmDialog>
  );
}
