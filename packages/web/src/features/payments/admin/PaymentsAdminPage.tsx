import type { AdminPayments, AdminSubscriptions, MonthTotals, UnmatchedCallbacks } from '@yedyni/contract';
import { formatDate, formatDateTime, formatUah, kyivDateRange, monthName } from '@yedyni/contract';
import { useEffect, useId, useState } from 'react';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import buttons from '../../../shared/ui/buttons.module.css';
import { CopyText } from '../../../shared/ui/CopyText';
import layout from '../../../shared/ui/layout.module.css';
import {
  adminTexts,
  Badge,
  DataTable,
  FilterInput,
  ListState,
  SearchField,
  SelectField,
  adminStyles as styles,
  useAdminQuery,
  useDebounced,
  useDownload,
} from '../../admin';
import { paymentAdminPaths } from './api';
import own from './PaymentsAdminPage.module.css';
import { paymentAdminTexts } from './texts';

const t = paymentAdminTexts;
const PAGE_SIZE = 20;

type Tab = 'payments' | 'subscriptions' | 'callbacks';
const TABS: readonly (readonly [Tab, string])[] = [
  ['payments', t.tabPayments],
  ['subscriptions', t.tabSubscriptions],
  ['callbacks', t.tabCallbacks],
];

/**
 * `/uk/admin/payments`: the monthly totals, then three lists: payments (a Kyiv date range, a payer
 * search, CSV export), subscriptions (active or cancelled) and callbacks nothing matched.
 */
export default function PaymentsAdminPage() {
  const [tab, setTab] = useState<Tab>('payments');
  return (
    <section className={styles.page} aria-labelledby="admin-payments-title">
      <h2 id="admin-payments-title">{t.title}</h2>
      <MonthTotalsTable />
      <fieldset className={layout.row}>
        <legend className="sr-only">{t.tabs}</legend>
        {TABS.map(([value, label]) => (
          <button
            key={value}
            type="button"
            className={buttons.outline}
            aria-pressed={tab === value}
            onClick={() => setTab(value)}
          >
            {label}
          </button>
        ))}
      </fieldset>
      {tab === 'payments' && <PaymentsList />}
      {tab === 'subscriptions' && <SubscriptionsList />}
      {tab === 'callbacks' && <CallbacksList />}
    </section>
  );
}

function MonthTotalsTable() {
  const query = useAdminQuery<MonthTotals>(paymentAdminPaths.paymentMonths());
  return (
    <div className={styles.section}>
      <h3 id="admin-months">{t.months}</h3>
      <ListState query={query} count={(data) => data.months.length} empty={t.noMonths} compact>
        {(data) => (
          <DataTable
            caption={t.months}
            plainIn="admin-months"
            columns={[
              t.month,
              { label: t.count, num: true },
              { label: t.sum, num: true },
              { label: t.refunded, num: true },
              { label: t.donors, num: true },
            ]}
          >
            {data.months.map((row) => (
              <tr key={row.month}>
                <th scope="row">{monthName(row.month)}</th>
                <td data-label={t.count} className={styles.num}>
                  {row.count}
                </td>
                <td data-label={t.sum} className={`${styles.num} ${styles.nowrap}`}>
                  {formatUah(row.amount)}
                </td>
                <td data-label={t.refunded} className={`${styles.num} ${styles.nowrap}`}>
                  {formatUah(row.refunded)}
                </td>
                <td data-label={t.donors} className={styles.num}>
                  {row.donors}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListState>
    </div>
  );
}

function PaymentsList() {
  const id = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebounced(search.trim());
  const start = from ? kyivDateRange(from).start : null;
  const end = to ? kyivDateRange(to).end : null;
  const reversed = start !== null && end !== null && start > end;
  const { download, busy, error: downloadError } = useDownload();

  // A new period or search starts again at page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter's values are the trigger.
  useEffect(() => setPage(1), [start, end, q]);

  const query = useAdminQuery<AdminPayments>(paymentAdminPaths.payments({ start, end, q, page, limit: PAGE_SIZE }));

  const exportName = `payments${from ? `-${from}` : ''}${to ? `-${to}` : ''}.csv`;

  return (
    <section className={styles.section} aria-labelledby="admin-payments-list">
      <h3 id="admin-payments-list">{t.list}</h3>
      <div className={styles.toolbar}>
        <FilterInput
          id={`${id}-from`}
          label={t.from}
          type="date"
          value={from}
          max={to || undefined}
          aria-describedby={reversed ? `${id}-reversed` : undefined}
          onChange={(event) => setFrom(event.target.value)}
        />
        <FilterInput
          id={`${id}-to`}
          label={t.to}
          type="date"
          value={to}
          min={from || undefined}
          aria-describedby={reversed ? `${id}-reversed` : undefined}
          onChange={(event) => setTo(event.target.value)}
        />
        <SearchField label={t.payer} hint={t.payerHint} value={search} onChange={setSearch} />
      </div>
      {reversed && (
        <p id={`${id}-reversed`} className={styles.muted}>
          {t.reversedRange}
        </p>
      )}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => download(paymentAdminPaths.paymentsExport({ start, end }), exportName)}
        >
          {busy ? t.exporting : t.export}
        </Button>
        <p className={styles.muted}>{t.exportNote}</p>
      </div>
      {downloadError && <Alert>{downloadError}</Alert>}

      <ListState query={query} count={(data) => data.payments.length} empty={t.none} paging={{ page, onPage: setPage }}>
        {(data) => (
          <DataTable
            caption={t.list}
            busy={query.loading}
            columns={[t.date, t.payer, t.email, t.kind, { label: t.amount, num: true }, t.comment, t.card]}
          >
            {data.payments.map((payment) => (
              <tr key={payment._id} className={payment.reversedAt ? styles.muted : undefined}>
                <td data-label={t.date} className={styles.nowrap}>
                  {formatDateTime(payment.date)}
                </td>
                <th scope="row" data-label={t.payer}>
                  {payment.user.first_name} {payment.user.last_name}
                </th>
                <td data-label={t.email}>{payment.user.email}</td>
                <td data-label={t.kind}>{t.kinds[payment.action] ?? payment.action}</td>
                <td data-label={t.amount} className={`${styles.num} ${styles.nowrap}`}>
                  <span>
                    {formatUah(payment.amount)}
                    {payment.reversedAt !== null && (
                      <>
                        {' '}
                        <span title={t.reversedAt(formatDateTime(payment.reversedAt))}>
                          <Badge tone="off">{t.reversed}</Badge>
                        </span>
                      </>
                    )}
                  </span>
                </td>
                <td data-label={t.comment}>{payment.info || '—'}</td>
                <td data-label={t.card} className={styles.nowrap}>
                  {payment.cardMask || '—'}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListState>
    </section>
  );
}

const STATUS_TONES: Record<string, 'ok' | 'warn' | 'off' | undefined> = {
  subscribed: 'ok',
  paused: 'warn',
  unsubscribed: 'off',
  failed: 'off',
  pending: 'warn',
};

function SubscriptionsList() {
  const [status, setStatus] = useState<'' | 'subscribed' | 'paused' | 'unsubscribed'>('');
  const [page, setPage] = useState(1);
  const query = useAdminQuery<AdminSubscriptions>(paymentAdminPaths.subscriptions({ status, page }));
  return (
    <section className={styles.section} aria-labelledby="admin-subscriptions">
      <h3 id="admin-subscriptions">{t.subscriptions}</h3>
      <div className={styles.toolbar}>
        <SelectField
          label={t.statusFilter}
          value={status}
          options={[
            ['', adminTexts.common.all],
            ['subscribed', t.statuses.subscribed ?? ''],
            ['paused', t.statuses.paused ?? ''],
            ['unsubscribed', t.statuses.unsubscribed ?? ''],
          ]}
          onChange={(value) => {
            setStatus(value as typeof status);
            setPage(1);
          }}
        />
      </div>
      <ListState
        query={query}
        count={(data) => data.subscriptions.length}
        empty={t.noSubscriptions}
        paging={{ page, onPage: setPage }}
      >
        {(data) => (
          <DataTable
            caption={t.subscriptions}
            busy={query.loading}
            columns={[
              t.payer,
              t.email,
              { label: t.amount, num: true },
              t.status,
              t.orderId,
              t.created,
              { label: t.charges, num: true },
              t.lastCharge,
              t.cancelledAt,
            ]}
          >
            {data.subscriptions.map((each) => (
              <tr key={each.orderId}>
                <th scope="row" data-label={t.payer}>
                  {each.user.first_name} {each.user.last_name}
                </th>
                <td data-label={t.email}>{each.user.email}</td>
                <td data-label={t.amount} className={`${styles.num} ${styles.nowrap}`}>
                  {formatUah(each.amount)}
                </td>
                <td data-label={t.status}>
                  <Badge tone={STATUS_TONES[each.status]}>{t.statuses[each.status] ?? each.status}</Badge>
                </td>
                <td data-label={t.orderId} className={own.orderCell}>
                  <CopyText label={t.orderId} value={each.orderId} labelHidden />
                </td>
                <td data-label={t.created} className={styles.nowrap}>
                  {formatDate(each.subscribedAt ?? each.createdAt)}
                </td>
                <td data-label={t.charges} className={styles.num}>
                  {each.charges}
                </td>
                <td data-label={t.lastCharge} className={styles.nowrap}>
                  {each.lastChargeAt === null ? '—' : formatDate(each.lastChargeAt)}
                </td>
                <td data-label={t.cancelledAt} className={styles.nowrap}>
                  {each.unsubscribedAt === null ? '—' : formatDate(each.unsubscribedAt)}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListState>
    </section>
  );
}

/** The decoded data, pretty-printed when it is JSON. */
function pretty(data: string): string {
  try {
    return JSON.stringify(JSON.parse(data), null, 2);
  } catch {
    return data;
  }
}

function CallbacksList() {
  const [page, setPage] = useState(1);
  const query = useAdminQuery<UnmatchedCallbacks>(paymentAdminPaths.callbacks({ page }));
  return (
    <section className={styles.section} aria-labelledby="admin-callbacks">
      <h3 id="admin-callbacks">{t.callbacks}</h3>
      <p className={styles.muted}>{t.callbacksLead}</p>
      <ListState
        query={query}
        count={(data) => data.callbacks.length}
        empty={t.noCallbacks}
        paging={{ page, onPage: setPage }}
      >
        {(data) => (
          <DataTable
            caption={t.callbacks}
            busy={query.loading}
            columns={[t.received, t.orderId, t.providerStatus, t.outcome, t.raw]}
          >
            {data.callbacks.map((each) => (
              <tr key={each._id}>
                <td data-label={t.received} className={styles.nowrap}>
                  {formatDateTime(each.receivedAt)}
                </td>
                <td data-label={t.orderId}>{each.orderId ?? '—'}</td>
                <td data-label={t.providerStatus}>{each.status ?? '—'}</td>
                <td data-label={t.outcome}>{t.outcomes[each.outcome] ?? each.outcome}</td>
                <td>
                  <details className={styles.raw}>
                    <summary>{t.raw}</summary>
                    <pre>{pretty(each.data)}</pre>
                  </details>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListState>
    </section>
  );
}
