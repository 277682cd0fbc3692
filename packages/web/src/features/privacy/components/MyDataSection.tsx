import { type AccountDeletionBody, formatLongDate, type MyData } from '@yedyni/contract';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/client';
import { useDownload } from '../../../shared/lib/download';
import { Alert, Notice } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import buttons from '../../../shared/ui/buttons.module.css';
import { type FieldErrors, FieldErrorsContext } from '../../../shared/ui/FieldErrors';
import { Panel } from '../../../shared/ui/Panel';
import { TextField } from '../../../shared/ui/TextField';
import { logout, useAuthDispatch } from '../../auth';
import { EXPORT_PATH, privacyApi } from '../api';
import { privacyTexts } from '../texts';
import styles from './MyDataSection.module.css';

const t = privacyTexts;
/** While an archive is being made, the profile asks again this often. */
const POLL_MS = 3000;
/** The deletion's default grace period, until the notice's figure has come. */
const DEFAULT_GRACE_DAYS = 14;

/** The profile's «Мої дані»: the export of everything about me, and «Видалити акаунт». */
export function MyDataSection() {
  const [mine, setMine] = useState<MyData | null>(null);
  const [graceDays, setGraceDays] = useState(DEFAULT_GRACE_DAYS);
  const [error, setError] = useState('');
  const [asking, setAsking] = useState(false);
  const { download, busy: downloading, error: downloadError } = useDownload();

  const load = useCallback(async () => {
    try {
      setMine(await privacyApi.mine());
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }, []);

  useEffect(() => {
    void load();
    privacyApi.notice().then(
      (notice) => setGraceDays(notice.graceDays),
      () => {},
    );
  }, [load]);

  const making = mine?.export.state === 'making';
  useEffect(() => {
    if (!making) return;
    const timer = setTimeout(() => void load(), POLL_MS);
    return () => clearTimeout(timer);
  }, [making, load]);

  const requestExport = async () => {
    setAsking(true);
    setError('');
    try {
      setMine(await privacyApi.requestExport());
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setAsking(false);
    }
  };

  const state = mine?.export.state ?? 'none';
  const { expiresAt, size } = mine?.export ?? { expiresAt: null, size: null };

  return (
    <>
      <Panel title={t.myData.title} lead={t.myData.lead} id="my-data">
        {error && <Alert>{error}</Alert>}
        {downloadError && <Alert>{downloadError}</Alert>}
        {state === 'making' && <Notice tone="info">{t.myData.making}</Notice>}
        {state === 'failed' && <Alert>{t.myData.failed}</Alert>}
        {state === 'ready' && expiresAt !== null && (
          <Notice>{t.myData.ready(t.size(size ?? 0), formatLongDate(expiresAt))}</Notice>
        )}
        <div className={styles.actions}>
          {state === 'ready' ? (
            <>
              <Button
                variant="accent"
                disabled={downloading}
                onClick={() => void download(EXPORT_PATH, 'yedyni-my-data.zip')}
              >
                {downloading ? t.myData.downloading : t.myData.download}
              </Button>
              <button type="button" className={buttons.text} disabled={asking} onClick={requestExport}>
                {t.myData.again}
              </button>
            </>
          ) : (
            <Button variant="accent" disabled={!mine || making || asking} onClick={requestExport}>
              {asking ? t.myData.requesting : t.myData.request}
            </Button>
          )}
        </div>
        <p>
          <Link to="/privacy">{t.myData.notice}</Link>
        </p>
      </Panel>
      <DeleteAccount graceDays={graceDays} />
    </>
  );
}

/** «Видалити акаунт»: the password and the typed word; then signed out, to the notice that says when. */
function DeleteAccount({ graceDays }: { graceDays: number }) {
  const dispatch = useAuthDispatch();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body: AccountDeletionBody = {
      password: String(form.get('password') ?? ''),
      confirmation: String(form.get('confirmation') ?? ''),
    };
    setBusy(true);
    setError('');
    setFields({});
    try {
      const { deletionDueAt } = await privacyApi.requestDeletion(body);
      // Every session has ended: the notice page (public) says until when a sign-in cancels it.
      navigate(`/privacy?deletion=${deletionDueAt ?? ''}`);
      await dispatch(logout());
    } catch (failure) {
      setError(errorMessage(failure));
      if (failure instanceof ApiError && failure.fields) setFields(failure.fields);
      setBusy(false);
    }
  };

  return (
    <Panel title={t.deletion.title} lead={t.deletion.lead(graceDays)}>
      {open ? (
        <form className={styles.form} onSubmit={submit} noValidate>
          {error && <Alert>{error}</Alert>}
          <FieldErrorsContext.Provider value={fields}>
            <TextField
              label={t.deletion.password}
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
            <TextField label={t.deletion.confirmation} name="confirmation" autoComplete="off" required />
          </FieldErrorsContext.Provider>
          <div className={styles.actions}>
            <button type="submit" className={`${buttons.outline} ${buttons.danger}`} disabled={busy}>
              {busy ? t.deletion.busy : t.deletion.submit}
            </button>
            <button type="button" className={buttons.text} onClick={() => setOpen(false)} disabled={busy}>
              {t.deletion.cancel}
            </button>
          </div>
        </form>
      ) : (
        <div className={styles.actions}>
          <button type="button" className={`${buttons.outline} ${buttons.danger}`} onClick={() => setOpen(true)}>
            {t.deletion.open}
          </button>
        </div>
      )}
    </Panel>
  );
}
