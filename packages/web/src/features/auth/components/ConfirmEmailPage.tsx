import type { EmailLinkAnswer, User } from '@yedyni/contract';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { api, errorMessage } from '../../../shared/api';
import { userUpdated } from '../../../shared/lib/session';
import { Alert, Notice } from '../../../shared/ui/Alert';
import { Spinner } from '../../../shared/ui/Spinner';
import { useAuthDispatch } from '../hooks';
import styles from './account/AccountSettings.module.css';
import { accountTexts } from './account/texts';

const t = accountTexts.link;

/** A link is used once: a second render (StrictMode, a remount) waits for the same answer. */
const opened = new Map<string, Promise<EmailLinkAnswer>>();

function openLink(token: string): Promise<EmailLinkAnswer> {
  let answer = opened.get(token);
  if (!answer) {
    answer = api.post<EmailLinkAnswer>('/account/email/confirm', { token });
    opened.set(token, answer);
  }
  return answer;
}

/** `/uk/confirm-email/:token`: the mailed link of an address check or change. */
export default function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const dispatch = useAuthDispatch();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    let live = true;
    openLink(token).then(
      async (answer) => {
        if (live) setResult({ ok: true, text: answer.message });
        // The header's banner and the profile show the confirmed address at once.
        dispatch(userUpdated(await api.get<User>('/auth/current')));
      },
      (error: unknown) => {
        if (live) setResult({ ok: false, text: errorMessage(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [token, dispatch]);

  return (
    <section className={styles.card} aria-labelledby="confirm-title">
      <h1 id="confirm-title">{t.title}</h1>
      {!result && <Spinner label={t.busy} />}
      {result && (result.ok ? <Notice>{result.text}</Notice> : <Alert>{result.text}</Alert>)}
      <Link to="/uk/profile">{t.toApp}</Link>
    </section>
  );
}
