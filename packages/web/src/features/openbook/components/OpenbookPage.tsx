import { EXPENSE_CATEGORY_NAMES, formatUah, monthName, type OpenbookMonth, type OpenbookShare } from '@yedyni/contract';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { Alert, Notice } from '../../../shared/ui/Alert';
import { buttonClass } from '../../../shared/ui/Button';
import frame from '../../../shared/ui/CardPage.module.css';
import { Spinner } from '../../../shared/ui/Spinner';
import { openbookApi, openbookPath } from '../api';
import { openbookTexts as t } from '../texts';
import styles from './OpenbookPage.module.css';

/** The month of `/zvit/2026-11`; null for `/zvit` (the current month, the server's). */
function monthOf(pathname: string): string | null {
  return /^\/zvit\/(\d{4}-\d{2})\/?$/.exec(pathname)?.[1] ?? null;
}

/**
 * `/zvit`, «Відкритий звіт» (public): the month's income from the ledger, its expenses, its
 * balance, learners served and homework reviewed, with links to the months next to it. A
 * signed-in donor also sees their own share. It shows what the server sends: no names, ever.
 * Framed like the other pages outside the signed-in layout (shared/ui CardPage), but wider.
 */
export default function OpenbookPage({ signedIn }: { signedIn: boolean }) {
  const { pathname } = useLocation();
  const wanted = monthOf(pathname);
  const [report, setReport] = useState<OpenbookMonth | null>(null);
  const [share, setShare] = useState<OpenbookShare | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    let current = true;
    setError('');
    setShare(null);
    (wanted ? openbookApi.month(wanted) : openbookApi.current()).then(
      (answer) => {
        if (!current) return;
        setReport(answer);
        if (signedIn)
          openbookApi.mine(answer.month).then(
            (mine) => current && setShare(mine),
            () => {},
          );
      },
      (failure: unknown) => current && setError(errorMessage(failure)),
    );
    return () => {
      current = false;
    };
  }, [wanted, signedIn]);

  const shown = report && (!wanted || report.month === wanted) ? report : null;
  useEffect(() => {
    document.title = `${t.title}${shown ? `: ${monthName(shown.month)}` : ''} — Єдині`;
  }, [shown]);

  return (
    <div className={frame.page}>
      <header className={styles.top}>
        <Link to="/" className={frame.brand}>
          Єдині
        </Link>
      </header>
      <main className={styles.main}>
        <h1>
          {t.title}
          {shown && <span className={styles.month}>{monthName(shown.month)}</span>}
        </h1>
        <p className={styles.lead}>{t.lead}</p>
        {error ? (
          <Alert>{error}</Alert>
        ) : !shown ? (
          <Spinner label={t.loading} />
        ) : (
          <Month report={shown} share={share} />
        )}
        <p className={styles.privacy}>{t.privacy}</p>
        <p className={styles.links}>
          <Link to="/uk/donat" className={buttonClass('accent')}>
            {t.support}
          </Link>
          <Link to="/">{t.home}</Link>
        </p>
      </main>
    </div>
  );
}

function MonthNav({ report }: { report: OpenbookMonth }) {
  const { previous, next } = report;
  if (!previous && !next) return null;
  return (
    <nav className={styles.nav} aria-label={t.months}>
      {previous ? (
        <Link to={openbookPath(previous)} rel="prev">
          {t.previous(monthName(previous))}
        </Link>
      ) : (
        <span />
      )}
      {next && (
        <Link to={openbookPath(next)} rel="next">
          {t.next(monthName(next))}
        </Link>
      )}
    </nav>
  );
}

const money = (amount: number | null) => (amount === null ? t.withheldValue : formatUah(amount));

function Month({ report, share }: { report: OpenbookMonth; share: OpenbookShare | null }) {
  const { income } = report;
  return (
    <>
      <MonthNav report={report} />
      {!report.hasData && <Notice tone="info">{t.noData}</Notice>}
      {income.withheld === 'running' && <Notice tone="info">{t.running}</Notice>}
      {income.withheld === 'fewDonors' && <Notice tone="info">{t.fewDonors}</Notice>}
      {share && <Share share={share} />}
      <div className={styles.grid}>
        <section className={styles.panel} aria-labelledby="openbook-income">
          <h2 id="openbook-income">{t.income}</h2>
          <dl className={styles.figures}>
            <div className={income.donors === null ? styles.alone : styles.total}>
              <dt>{t.incomeTotal}</dt>
              <dd>{money(income.total)}</dd>
            </div>
            {income.donations !== null && income.subscriptions !== null && (
              <>
                <div>
                  <dt>{t.donations}</dt>
                  <dd>{formatUah(income.donations)}</dd>
                </div>
                <div>
                  <dt>{t.subscriptions}</dt>
                  <dd>{formatUah(income.subscriptions)}</dd>
                </div>
              </>
            )}
            {income.donors !== null && (
              <div>
                <dt>{t.donors}</dt>
                <dd>{t.donorsCount(income.donors)}</dd>
              </div>
            )}
          </dl>
          {income.withheld === null && income.total !== 0 && income.donations === null && (
            <p className={styles.note}>{t.splitHidden}</p>
          )}
        </section>
        <section className={styles.panel} aria-labelledby="openbook-balance">
          <h2 id="openbook-balance">{t.balance}</h2>
          <p className={`${styles.balance} ${(report.balance ?? 0) < 0 ? styles.negative : ''}`}>
            {money(report.balance)}
          </p>
          <p className={styles.note}>{t.balanceNote}</p>
        </section>
        <section className={`${styles.panel} ${styles.wide}`} aria-labelledby="openbook-expenses">
          <h2 id="openbook-expenses">{t.expenses}</h2>
          {report.expenses.length === 0 ? (
            <p className={styles.note}>{t.noExpenses}</p>
          ) : (
            <ul className={styles.expenses}>
              {report.expenses.map((e) => (
                <li key={e._id}>
                  <div className={styles.expenseHead}>
                    <span className={styles.expenseTitle}>{e.title}</span>
                    <span className={styles.amount}>{formatUah(e.amount)}</span>
                  </div>
                  <p className={styles.expenseMeta}>
                    {formatIsoDay(e.date)} · {EXPENSE_CATEGORY_NAMES[e.category]}
                  </p>
                  {e.note && <p className={styles.expenseNote}>{e.note}</p>}
                </li>
              ))}
            </ul>
          )}
          <p className={styles.expensesTotal}>
            <span>{t.expensesTotal}</span> <b>{formatUah(report.expensesTotal)}</b>
          </p>
        </section>
        <section className={`${styles.panel} ${styles.wide}`} aria-labelledby="openbook-work">
          <h2 id="openbook-work">{t.work}</h2>
          <dl className={styles.work}>
            <div>
              <dt>{t.learners}</dt>
              <dd>{report.learners}</dd>
              <dd className={styles.note}>{t.learnersNote}</dd>
            </div>
            <div>
              <dt>{t.reviews}</dt>
              <dd>{report.reviews}</dd>
              <dd className={styles.note}>{t.reviewsNote}</dd>
            </div>
          </dl>
        </section>
      </div>
    </>
  );
}

function Share({ share }: { share: OpenbookShare }) {
  return (
    <section className={styles.share} aria-labelledby="openbook-share">
      <h2 id="openbook-share">{t.share}</h2>
      {share.amount === 0 ? (
        <p>{t.shareNone}</p>
      ) : (
        <>
          <p>{t.shareAmount(share.amount)}</p>
          <p>{share.share === null ? t.shareWithheld : t.sharePart(share.share)}</p>
        </>
      )}
    </section>
  );
}

/** `2026-11-05` → `05-11-2026` (the product's day format). */
const formatIsoDay = (iso: string) => iso.split('-').reverse().join('-');
