import { NOTIFICATION_CATEGORY_TITLES } from '@yedyni/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { Alert, Notice } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { notificationsApi, type UnsubscribeResult } from '../api';
import { notificationTexts as t } from '../texts';
import styles from './Unsubscribe.module.css';

/**
 * `/unsubscribe?token=…`, where a mail's «Відписатися» link lands (through the server's GET, which
 * changes nothing: mail scanners open links). The button sends the one-click POST; no sign-in.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<UnsubscribeResult | null>(null);
  const [error, setError] = useState(token ? '' : t.unsubscribeNoToken);

  const unsubscribe = async () => {
    setBusy(true);
    setError('');
    try {
      setDone(await notificationsApi.unsubscribe(token));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <header>
        <Link to="/" className={styles.brand}>
          Єдині
        </Link>
      </header>
      <main className={styles.card}>
        <h1>{t.unsubscribeTitle}</h1>
        {done ? (
          <Notice>{t.unsubscribed(NOTIFICATION_CATEGORY_TITLES[done.category], done.email)}</Notice>
        ) : (
          <>
            <p className={styles.lead}>{t.unsubscribeLead}</p>
            {error && <Alert>{error}</Alert>}
            {token && (
              <Button block onClick={unsubscribe} disabled={busy} aria-busy={busy || undefined}>
                {busy ? t.unsubscribing : t.unsubscribeButton}
              </Button>
            )}
          </>
        )}
        <div className={styles.links}>
          <Link to="/uk/notifications/settings">{t.toSettings}</Link>
          <Link to="/">{t.toHome}</Link>
        </div>
      </main>
    </div>
  );
}
