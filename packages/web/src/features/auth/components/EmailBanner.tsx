import { useState } from 'react';
import { api, errorMessage } from '../../../shared/api';
import { Button } from '../../../shared/ui/Button';
import { accountTexts } from './account/texts';
import styles from './EmailBanner.module.css';

const t = accountTexts.banner;

/**
 * Under the header while the address is unconfirmed: calm, and no obstacle (everything works
 * meanwhile), with «Надіслати ще раз» (the server allows a few an hour and says so).
 */
export default function EmailBanner({ email }: { email: string }) {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');

  const resend = async () => {
    setBusy(true);
    try {
      setStatus((await api.post<{ message: string }>('/account/email/resend')).message);
    } catch (error) {
      setStatus(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.bar} aria-label={accountTexts.link.title}>
      <p>
        {t.text(email)} <span className={styles.why}>{t.why}</span>
      </p>
      <Button variant="secondary" className={styles.button} onClick={resend} disabled={busy}>
        {busy ? t.busy : t.resend}
      </Button>
      <p role="status" className={styles.status}>
        {status}
      </p>
    </section>
  );
}
