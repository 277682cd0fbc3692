import type { AuditLog } from '@yedyni/contract';
import { formatDateTime } from '@yedyni/contract';
import { useState } from 'react';
import { Pagination } from '../../../shared/ui/Pagination';
import { Spinner } from '../../../shared/ui/Spinner';
import styles from '../Admin.module.css';
import { adminPaths } from '../api';
import { LoadFailed, SelectField } from '../parts';
import { adminTexts } from '../texts';
import { useAdminQuery } from '../useAdminQuery';
import { AUDIT_LABELS } from './labels';

const t = adminTexts.audit;
const ACTION_OPTIONS = [['', t.anyAction], ...Object.entries(AUDIT_LABELS)] as const;

/** How the log names an action: its label, or the raw action when the list does not know it. */
const actionLabel = (action: string) => (AUDIT_LABELS as Record<string, string>)[action] ?? action;

/** `/uk/admin/audit`: who changed what in the console, newest first, by action. */
export default function AuditPage() {
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  const { data, loading, error, reload } = useAdminQuery<AuditLog>(adminPaths.audit({ action, page }));

  return (
    <section className={styles.page} aria-labelledby="admin-audit-title">
      <h2 id="admin-audit-title">{t.title}</h2>
      <p className={styles.lead}>{t.lead}</p>
      <div className={styles.toolbar}>
        <SelectField
          label={t.action}
          value={action}
          options={ACTION_OPTIONS}
          onChange={(value) => {
            setAction(value);
            setPage(1);
          }}
        />
      </div>
      <LoadFailed error={error} onRetry={reload} />
      {!data ? (
        loading && <Spinner />
      ) : data.entries.length === 0 ? (
        <p className={styles.empty}>{t.none}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-busy={loading}>
            <caption className="sr-only">{t.list}</caption>
            <thead>
              <tr>
                <th scope="col">{t.date}</th>
                <th scope="col">{t.who}</th>
                <th scope="col">{t.action}</th>
                <th scope="col">{t.summary}</th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((entry) => (
                <tr key={entry._id}>
                  <td data-label={t.date} className={styles.nowrap}>
                    {formatDateTime(entry.date)}
                  </td>
                  <td data-label={t.who}>
                    {entry.actor ? `${entry.actor.first_name} ${entry.actor.last_name}` : t.cli}
                  </td>
                  <td data-label={t.action}>{actionLabel(entry.action)}</td>
                  <td data-label={t.summary}>{entry.summary}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && (
        <Pagination
          page={page}
          totalPages={data.totalPages}
          disabled={loading}
          label={adminTexts.common.pages}
          onPage={setPage}
        />
      )}
    </section>
  );
}
