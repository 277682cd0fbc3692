import type { AuditLog } from '@yedyni/contract';
import { formatDateTime } from '@yedyni/contract';
import { useState } from 'react';
import styles from '../Admin.module.css';
import { adminPaths } from '../api';
import { DataTable, ListState } from '../ListState';
import { SelectField } from '../parts';
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
  const query = useAdminQuery<AuditLog>(adminPaths.audit({ action, page }));

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
      <ListState query={query} count={(data) => data.entries.length} empty={t.none} paging={{ page, onPage: setPage }}>
        {(data) => (
          <DataTable caption={t.list} busy={query.loading} columns={[t.date, t.who, t.action, t.summary]}>
            {data.entries.map((entry) => (
              <tr key={entry._id}>
                <td data-label={t.date} className={styles.nowrap}>
                  {formatDateTime(entry.date)}
                </td>
                <td data-label={t.who}>{entry.actor ? `${entry.actor.first_name} ${entry.actor.last_name}` : t.cli}</td>
                <td data-label={t.action}>{actionLabel(entry.action)}</td>
                <td data-label={t.summary}>{entry.summary}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListState>
    </section>
  );
}
