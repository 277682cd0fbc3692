import type { AdminUsers, Role } from '@yedyni/contract';
import { formatDate } from '@yedyni/contract';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Pagination } from '../../../shared/ui/Pagination';
import { Spinner } from '../../../shared/ui/Spinner';
import { TextField } from '../../../shared/ui/TextField';
import styles from '../Admin.module.css';
import { adminPaths } from '../api';
import { LoadFailed, SelectField, useDebounced } from '../parts';
import { adminTexts, roleNames } from '../texts';
import { useAdminQuery } from '../useAdminQuery';

const t = adminTexts.users;
const PAGE_SIZE = 20;
const ROLE_OPTIONS = [
  ['', t.anyRole],
  ...(Object.entries(roleNames) as [Role, string][]).map(([role, name]) => [role, name] as const),
] as const;

const isRole = (value: string | null): value is Role => value === 'user' || value === 'moderator' || value === 'admin';

/** The link to a person's page. */
export const userPath = (userId: string) => `/uk/admin/users/${encodeURIComponent(userId)}`;

/**
 * `/uk/admin/users`: search by name or email (300 ms after typing stops) and by role, a page of
 * 20 people. The filter and the page live in the address, so «back» from a person returns here.
 */
export default function UsersPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const roleParam = params.get('role');
  const role = isRole(roleParam) ? roleParam : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(q);
  const settled = useDebounced(search.trim());

  const update = (changes: Record<string, string>) =>
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  // The typed search, once it settles, becomes the query (and starts again at page 1).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled change of the text counts.
  useEffect(() => {
    if (settled !== q) update({ q: settled, page: '' });
  }, [settled]);

  const { data, loading, error, reload } = useAdminQuery<AdminUsers>(
    adminPaths.users({ q, role, page, limit: PAGE_SIZE }),
  );

  return (
    <section className={styles.page} aria-labelledby="admin-users-title">
      <h2 id="admin-users-title">{t.title}</h2>
      <div className={styles.toolbar}>
        <div className={styles.grow}>
          <TextField
            label={t.search}
            hint={t.searchHint}
            type="search"
            value={search}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <SelectField
          label={t.role}
          value={role}
          options={ROLE_OPTIONS}
          onChange={(value) => update({ role: value, page: '' })}
        />
      </div>

      <LoadFailed error={error} onRetry={reload} />

      {!data ? (
        loading && <Spinner />
      ) : data.users.length === 0 ? (
        <p className={styles.empty}>{t.none}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-busy={loading}>
            <caption className="sr-only">{t.list}</caption>
            <thead>
              <tr>
                <th scope="col">{t.name}</th>
                <th scope="col">{t.email}</th>
                <th scope="col">{t.role}</th>
                <th scope="col">{t.registered}</th>
              </tr>
            </thead>
            <tbody>
              {data.users.map((person) => (
                <tr key={person._id}>
                  <th scope="row">
                    <Link to={userPath(person._id)} className={styles.rowLink}>
                      {person.first_name} {person.last_name}
                    </Link>
                  </th>
                  <td data-label={t.email}>{person.email}</td>
                  <td data-label={t.role}>{roleNames[person.role]}</td>
                  <td data-label={t.registered} className={styles.nowrap}>
                    {formatDate(person.createdAt)}
                  </td>
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
          onPage={(next) => update({ page: next > 1 ? String(next) : '' })}
        />
      )}
    </section>
  );
}
