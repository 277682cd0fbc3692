import { NOTIFICATION_CATEGORY_TITLES } from '@yedyni/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { Alert, Notice } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { notificationsApi, type UnsubscribeResult } from '../api';
import { notificationTexts as t } from '../texts';

export const unsubscribeTitle = t.unsubscribeTitle;

/** Under the card: the settings (after signing in) and the start page. */
export function UnsubscribeLinks() {
  return (
    <>
      <Link to="/uk/notifications/settings">{t.toSettings}</Link>
      <Link to="/">{t.toHome}</Link>
    </>
  );
}

/**
 * The body of `/unsubscribe?token=…` (app/UnsubscribeScreen.tsx puts it in the account screens'
 * card), where a mail's «Відписатися» link lands through the server's GET, which changes nothing:
 * mail scanners open links. The button sends the one-click POST; no sign-in.
 */
export default function Unsubscribe() {
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

  if (done) return <Notice>{t.unsubscribed(NOTIFICATION_CATEGORY_TITLES[done.category], done.email)}</Notice>;
  return (
    <>
      <p>{t.unsubscribeLead}</p>
      {error && <Alert>{error}</Alert>}
      {token && (
        <Button block onClick={unsubscribe} disabled={busy} aria-busy={busy || undefined}>
          {busy ? t.unsubscribing : t.unsubscribeButton}
        </Button>
      )}
    </>
  );
}
