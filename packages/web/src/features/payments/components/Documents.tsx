import type { Payment, StatementYear } from '@yedyni/contract';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../shared/api/client';
import { type Download, useDownload } from '../../../shared/lib/download';
import { Alert, Notice } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import buttons from '../../../shared/ui/buttons.module.css';
import surfaces from '../../../shared/ui/surfaces.module.css';
import field from '../../../shared/ui/TextField.module.css';
import { fetchStatementYears, receiptPath, statementPath } from '../api';
import { paymentTexts, documentTexts as t } from '../texts';
import styles from './Documents.module.css';

/**
 * The history's receipts: one download at a time, the row being fetched known (its button says
 * so), the failure shown once above the list.
 */
export function useReceipts() {
  const download = useDownload();
  const [pending, setPending] = useState<string | null>(null);
  const fetchReceipt = async (payment: Payment) => {
    setPending(payment._id);
    await download.download(receiptPath(payment._id), `receipt-${payment._id}.pdf`);
    setPending(null);
  };
  return { fetchReceipt, pending, busy: download.busy, error: download.error };
}

/** «Квитанція» of one payment of the history: its PDF, fetched with the token. */
export function ReceiptButton({ payment, receipts }: { payment: Payment; receipts: ReturnType<typeof useReceipts> }) {
  return (
    <button
      type="button"
      className={`${buttons.text} ${buttons.small} ${styles.receipt}`}
      aria-label={t.receiptLabel(payment.amount, paymentTexts.when(payment.date))}
      disabled={receipts.busy}
      onClick={() => void receipts.fetchReceipt(payment)}
    >
      <svg className={styles.icon} viewBox="0 0 16 16" aria-hidden="true">
        <path d="M8 1v9m0 0L4.5 6.5M8 10l3.5-3.5M2 12v2h12v-2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      </svg>
      {receipts.pending === payment._id ? t.receiptLoading : t.receipt}
    </button>
  );
}

/**
 * «Довідка за рік»: the years I gave in (newest first), the last complete one chosen at first;
 * the current year is offered too, said to be as of today. Nothing shown before a first gift.
 */
export function YearStatement() {
  const download: Download = useDownload();
  const selectId = useId();
  const headingId = useId();
  const [years, setYears] = useState<StatementYear[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    fetchStatementYears().then(
      ({ years: found }) => {
        if (!live) return;
        setYears(found);
        setChosen((found.find((y) => y.complete) ?? found[0])?.year ?? null);
      },
      (failure) => live && setError(errorMessage(failure)),
    );
    return () => {
      live = false;
    };
  }, []);

  if (error) return <Alert>{error}</Alert>;
  if (!years || years.length === 0 || chosen === null) return null;
  const year = years.find((y) => y.year === chosen);

  return (
    <section className={`${surfaces.card} ${styles.statement}`} aria-labelledby={headingId}>
      <h3 id={headingId}>{t.statement}</h3>
      <p className={styles.lead}>{t.statementLead}</p>
      {download.error && <Alert>{download.error}</Alert>}
      <div className={styles.row}>
        <div className={styles.year}>
          <label htmlFor={selectId} className={field.label}>
            {t.year}
          </label>
          <select
            id={selectId}
            className={field.input}
            value={chosen}
            onChange={(event) => setChosen(Number(event.target.value))}
          >
            {years.map((y) => (
              <option key={y.year} value={y.year}>
                {t.yearOption(y.year, y.complete)}
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="accent"
          disabled={download.busy}
          onClick={() => void download.download(statementPath(chosen), `statement-${chosen}.pdf`)}
        >
          {download.busy ? t.downloading : t.download}
        </Button>
      </div>
      {year && <p className={styles.summary}>{t.yearSummary(year.count, year.total)}</p>}
      {year && !year.complete && <Notice tone="info">{t.incomplete(year.year)}</Notice>}
    </section>
  );
}
