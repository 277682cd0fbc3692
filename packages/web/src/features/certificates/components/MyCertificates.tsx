import { formatDay, type MyCertificates as Mine } from '@yedyni/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import layout from '../../../shared/ui/layout.module.css';
import { Spinner } from '../../../shared/ui/Spinner';
import surfaces from '../../../shared/ui/surfaces.module.css';
import { certificatePageUrl, certificatePdfUrl, certificatesApi } from '../api';
import { certificateTexts as t } from '../texts';
import styles from './Certificates.module.css';

/**
 * «Мої сертифікати»: what I hold, and for each running wave of a course that gives certificates,
 * what is still left («Щоденник: 12 з 20 днів»). Self-contained (its own request), so the progress
 * page can put it anywhere; «Мій прогрес» shows it.
 */
export function MyCertificates({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const [mine, setMine] = useState<Mine | null>(null);
  const [error, setError] = useState('');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Item = headingLevel === 2 ? 'h3' : 'h4';

  useEffect(() => {
    let current = true;
    certificatesApi.mine().then(
      (answer) => current && setMine(answer),
      (failure: unknown) => current && setError(errorMessage(failure) || t.loadFailed),
    );
    return () => {
      current = false;
    };
  }, []);

  return (
    <section className={styles.page} aria-labelledby="my-certificates">
      <Heading id="my-certificates">{t.mineTitle}</Heading>
      <p className={styles.muted}>{t.mineLead}</p>
      {error && <Alert>{error}</Alert>}
      {!mine && !error && <Spinner compact />}
      {mine && (
        <>
          {mine.certificates.length === 0 ? (
            <p>{t.none}</p>
          ) : (
            <ul className={layout.list}>
              {mine.certificates.map((c) => (
                <li key={c.id} className={`${surfaces.card} ${styles.item}`}>
                  <Item>«{c.course}»</Item>
                  <p className={styles.muted}>
                    {t.wave} {c.wave} · {t.issued.toLowerCase()} {formatDay(c.issuedAt)} ·{' '}
                    <span className={styles.code}>{c.id}</span>
                  </p>
                  {c.revoked && (
                    <p className={`${styles.state} ${styles.revoked}`}>
                      {t.revoked(c.revoked.at)}
                      {c.revoked.reason && `. ${t.reason}: ${c.revoked.reason}`}
                    </p>
                  )}
                  <p className={layout.row}>
                    <Link to={certificatePageUrl(c.id)}>{t.open}</Link>
                    {!c.revoked && <a href={certificatePdfUrl(c.id)}>{t.pdf}</a>}
                  </p>
                </li>
              ))}
            </ul>
          )}
          {mine.progress.map((p) => (
            <article key={p.courseId} className={`${surfaces.card} ${styles.item}`}>
              <Item>
                {t.inProgress}: «{p.course}», {t.wave.toLowerCase()} {p.wave}
              </Item>
              <p className={styles.muted}>{t.endsAt(p.endsAt)}</p>
              <ul className={styles.checks}>
                <Check done={p.diaryDays >= p.criteria.diaryDays} show={p.criteria.diaryDays > 0}>
                  {t.diary(p.diaryDays, p.criteria.diaryDays)}
                </Check>
                <Check done={p.homework.done >= p.homework.total} show={p.criteria.allHomework}>
                  {t.homework(p.homework.done, p.homework.total)}
                </Check>
                <Check done={p.selfTests >= p.criteria.selfTests} show={p.criteria.selfTests > 0}>
                  {t.selfTests(p.selfTests, p.criteria.selfTests)}
                </Check>
              </ul>
            </article>
          ))}
        </>
      )}
    </section>
  );
}

function Check({ done, show, children }: { done: boolean; show: boolean; children: string }) {
  if (!show) return null;
  return (
    <li>
      {children}
      {done && <span className={styles.met}> — {t.met} ✓</span>}
    </li>
  );
}

/** The section as the progress page's lazy slot loads it. */
export default function MyCertificatesSection() {
  return <MyCertificates />;
}
