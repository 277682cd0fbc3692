import type { RecoveryCodes, TwoStepSetup, TwoStepStatus } from '@yedyni/contract';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { api, errorMessage } from '../../../shared/api';
import { userUpdated } from '../../../shared/lib/session';
import { useCopy } from '../../../shared/lib/useCopy';
import { Alert, Notice } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import buttons from '../../../shared/ui/buttons.module.css';
import { CopyText } from '../../../shared/ui/CopyText';
import { TextField } from '../../../shared/ui/TextField';
import { useAuthDispatch, useAuthSelector } from '../hooks';
import { selectUser } from '../slice';
import { field } from './formValue';
import styles from './TwoStep.module.css';
import { twoStepTexts as t } from './twoStepTexts';

/** A form that sends its fields once, shows the server's message on failure, and says when it is busy. */
function ActionForm({
  onSend,
  submit,
  busy,
  danger,
  children,
}: {
  onSend: (form: FormData) => Promise<void>;
  submit: string;
  busy: string;
  danger?: boolean;
  children: ReactNode;
}) {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSending(true);
    setError(null);
    try {
      await onSend(form);
    } catch (failure) {
      setError(errorMessage(failure) || t.failed);
    } finally {
      setSending(false);
    }
  };
  return (
    <form className={styles.form} onSubmit={send} noValidate>
      {error && <Alert>{error}</Alert>}
      {children}
      <div>
        {danger ? (
          <button type="submit" className={`${buttons.outline} ${buttons.danger}`} disabled={sending}>
            {sending ? busy : submit}
          </button>
        ) : (
          <Button type="submit" disabled={sending}>
            {sending ? busy : submit}
          </Button>
        )}
      </div>
    </form>
  );
}

const passwordField = (
  <TextField label={t.password} name="password" type="password" autoComplete="current-password" required />
);
const codeField = (label: string) => (
  <TextField label={label} name="code" autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} required />
);

/** Shown once, right after they are made: the ten recovery codes, to copy or write down. */
function RecoveryCodesCard({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { copy, status } = useCopy({ done: t.copied, failed: t.copyFailed });
  return (
    <section className={styles.card} aria-labelledby="codes-title">
      <h2 id="codes-title">{t.codesTitle}</h2>
      <p>{t.codesLead}</p>
      <ol className={styles.codes}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => copy(codes.join('\n'))}>
          {t.copyCodes}
        </Button>
        <Button onClick={onDone}>{t.done}</Button>
      </div>
      <p role="status">{status}</p>
    </section>
  );
}

/**
 * `/uk/profile/two-step`: turning two-step sign-in on (password, a new secret as a QR code and a
 * key, the first code, the recovery codes shown once), new recovery codes, and turning it off
 * (password and a code). Curators and admins who must turn it on are sent here by SignedInRoutes.
 * Loaded lazily: the QR code is an image the server draws.
 */
export default function TwoStepSetupPage() {
  const dispatch = useAuthDispatch();
  const user = useAuthSelector(selectUser);
  const [status, setStatus] = useState<TwoStepStatus | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [setup, setSetup] = useState<TwoStepSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    api.get<TwoStepStatus>('/auth/two-step').then(setStatus, (error: unknown) => setLoadError(errorMessage(error)));
  }, []);

  if (!user) return null;
  const told = (on: boolean) => dispatch(userUpdated({ ...user, twoStep: { on, required: user.twoStep.required } }));
  const mustSetUp = user.twoStep.required && !user.twoStep.on;

  const start = async (form: FormData) => {
    setSetup(await api.post<TwoStepSetup>('/auth/two-step/setup', { password: field(form, 'password', false) }));
    setNotice(null);
  };
  const enable = async (form: FormData) => {
    const made = await api.post<RecoveryCodes>('/auth/two-step/enable', { code: field(form, 'code') });
    setSetup(null);
    setCodes(made.recoveryCodes);
    setStatus({ on: true, required: user.twoStep.required, recoveryCodesLeft: made.recoveryCodes.length });
    told(true);
  };
  const confirmBody = (form: FormData) => ({ password: field(form, 'password', false), code: field(form, 'code') });
  const renew = async (form: FormData) => {
    const made = await api.post<RecoveryCodes>('/auth/two-step/recovery-codes', confirmBody(form));
    setCodes(made.recoveryCodes);
    setStatus((known) => known && { ...known, recoveryCodesLeft: made.recoveryCodes.length });
  };
  const disable = async (form: FormData) => {
    setStatus(await api.post<TwoStepStatus>('/auth/two-step/disable', confirmBody(form)));
    setNotice(t.disabled);
    told(false);
  };

  let body: ReactNode;
  if (codes) {
    body = (
      <RecoveryCodesCard
        codes={codes}
        onDone={() => {
          setCodes(null);
          setNotice(t.saved);
        }}
      />
    );
  } else if (loadError) {
    body = <Alert>{loadError}</Alert>;
  } else if (!status) {
    body = <p role="status">{t.loading}</p>;
  } else if (status.on) {
    body = (
      <section className={styles.card} aria-labelledby="manage-title">
        <h2 id="manage-title">{t.manageTitle}</h2>
        <p>
          <span className={styles.state}>{t.on}</span> {t.codesLeft(status.recoveryCodesLeft)}
        </p>
        <p className={styles.muted}>{t.manageLead}</p>
        <h3>{t.renew}</h3>
        <ActionForm onSend={renew} submit={t.renew} busy={t.renewing}>
          {passwordField}
          {codeField(t.codeOrRecovery)}
        </ActionForm>
        <hr className={styles.rule} />
        <h3>{t.disable}</h3>
        {status.required && <p className={styles.warning}>{t.staffDisableWarning}</p>}
        <ActionForm onSend={disable} submit={t.disableShort} busy={t.disabling} danger>
          {passwordField}
          {codeField(t.codeOrRecovery)}
        </ActionForm>
      </section>
    );
  } else if (setup) {
    body = (
      <section className={styles.card} aria-labelledby="scan-title">
        <h2 id="scan-title">{t.scan}</h2>
        <img className={styles.qr} src={setup.qr} alt={t.qrAlt} width={200} height={200} />
        <p className={styles.muted}>{t.manual}</p>
        {/* In groups of four, as apps show them (they ignore the spaces). */}
        <CopyText label={t.key} value={setup.secret.replace(/(.{4})/g, '$1 ').trim()} />
        <ActionForm onSend={enable} submit={t.enable} busy={t.enabling}>
          {codeField(t.confirm)}
        </ActionForm>
      </section>
    );
  } else {
    body = (
      <section className={styles.card} aria-label={t.start}>
        <p>
          <span className={`${styles.state} ${styles.stateOff}`}>{t.off}</span>
        </p>
        <ActionForm onSend={start} submit={t.start} busy={t.starting}>
          {passwordField}
        </ActionForm>
      </section>
    );
  }

  return (
    <div className={styles.page}>
      <h1>{t.title}</h1>
      <p className={styles.muted}>{t.lead}</p>
      {mustSetUp && <p className={styles.warning}>{t.required}</p>}
      {notice && <Notice>{notice}</Notice>}
      {body}
      {!mustSetUp && <Link to="/uk/profile">{t.back}</Link>}
    </div>
  );
}
