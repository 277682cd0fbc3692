import type { AdminUsers, Role } from '@yedyni/contract';
import { formatDate } from '@yedyni/contract';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import styles from '../Admin.module.css';
import { adminPaths } from '../api';
import { DataTable, ListState } from '../ListState';
import { SearchField, SelectField, useDebounced } from '../parts';
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

  const query = useAdminQuery<AdminUsers>(adminPaths.users({ q, role, page, limit: PAGE_SIZE }));

  return (
    <section className={styles.page} aria-labelledby="admin-users-title">
      <h2 id="admin-users-title">{t.title}</h2>
      <div className={styles.toolbar}>
        <SearchField label={t.search} hint={t.searchHint} value={search} onChange={setSearch} />
        <SelectField
          label={t.role}
          value={role}
          options={ROLE_OPTIONS}
          onChange={(value) => update({ role: value, page: '' })}
        />
      </div>

      <ListState
        query={query}
        count={(data) => data.users.length}
        empty={t.none}
        paging={{ page, onPage: (next) => update({ page: next > 1 ? String(next) : '' }) }}
      >
        {(data) => (
          <DataTable caption={t.list} busy={query.loading} columns={[t.name, t.email, t.role, t.registered]}>
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
          </DataTable>
        )}
      </ListState>
    </section>
  );
}
