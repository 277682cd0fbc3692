import type { AdminUserDetail, Role } from '@yedyni/contract';
import { formatDate } from '@yedyni/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useModal } from '../../../shared/modal/useModal';
import { Button } from '../../../shared/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { LoadFailed } from '../../../shared/ui/ListStates';
import layout from '../../../shared/ui/layout.module.css';
import { OutcomeMessage, useOutcome } from '../../../shared/ui/Outcome';
import { Spinner } from '../../../shared/ui/Spinner';
import surfaces from '../../../shared/ui/surfaces.module.css';
import styles from '../Admin.module.css';
import { adminApi, adminPaths } from '../api';
import { DataTable } from '../ListState';
import { SelectField } from '../parts';
import { adminTexts, roleNames } from '../texts';
import { useAdminQuery } from '../useAdminQuery';

const t = adminTexts.users;
const ROLE_OPTIONS = (Object.entries(roleNames) as [Role, string][]).map(([role, name]) => [role, name] as const);

/** `/uk/admin/users/:userId`: who they are, their courses, and their role (changed after a confirmation in a dialog). */
export default function UserPage() {
  const { userId = '' } = useParams();
  const { data, loading, error, reload, setData } = useAdminQuery<AdminUserDetail>(adminPaths.user(userId));

  return (
    <section className={styles.page} aria-labelledby="admin-user-title">
      <Link to="/uk/admin/users" className={styles.back}>
        {t.back}
      </Link>
      {!data ? (
        <>
          <h2 id="admin-user-title" className="sr-only">
            {t.title}
          </h2>
          <LoadFailed error={error} onRetry={reload} />
          {loading && <Spinner />}
        </>
      ) : (
        <>
          <h2 id="admin-user-title">
            {data.first_name} {data.last_name}
          </h2>
          <dl className={layout.facts}>
            <div>
              <dt>{t.email}</dt>
              <dd>
                <a href={`mailto:${data.email}`}>{data.email}</a>
              </dd>
            </div>
            <div>
              <dt>{t.currentRole}</dt>
              <dd>{roleNames[data.role]}</dd>
            </div>
            <div>
              <dt>{t.registered}</dt>
              <dd>{formatDate(data.createdAt)}</dd>
            </div>
          </dl>
          <RoleForm person={data} onChanged={(role) => setData({ ...data, role })} />
          <Enrollments enrollments={data.enrollments} />
        </>
      )}
    </section>
  );
}

function RoleForm({ person, onChanged }: { person: AdminUserDetail; onChanged: (role: Role) => void }) {
  const [role, setRole] = useState<Role>(person.role);
  const { busy, outcome, setOutcome, run } = useOutcome();
  const name = `${person.first_name} ${person.last_name}`;
  const same = role === person.role;
  const dialog = useModal();

  const change = () => {
    dialog.toggle();
    run(async () => {
      const changed = await adminApi.setRole(person._id, role);
      onChanged(changed.role);
      return t.changed(name, changed.role);
    });
  };

  return (
    <section className={`${surfaces.card} ${styles.form}`} aria-labelledby="admin-user-role">
      <h3 id="admin-user-role" className={styles.formTitle}>
        {t.changeRole}
      </h3>
      <div className={styles.toolbar}>
        <SelectField
          label={t.newRole}
          value={role}
          options={ROLE_OPTIONS}
          onChange={(value) => {
            setRole(value as Role);
            setOutcome(null);
          }}
        />
      </div>
      <OutcomeMessage outcome={outcome} />
      {same && !outcome && <p className={styles.muted}>{t.sameRole}</p>}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={dialog.toggle} disabled={same || busy}>
          {t.changeRole}
        </Button>
      </div>
      <ConfirmDialog
        open={dialog.open}
        title={t.changeRole}
        confirm={t.confirm}
        onConfirm={change}
        onCancel={dialog.toggle}
        danger
      >
        <p>{t.question(name, role)}</p>
        <p>{t.roleNow(roleNames[person.role])}</p>
      </ConfirmDialog>
    </section>
  );
}

function Enrollments({ enrollments }: { enrollments: AdminUserDetail['enrollments'] }) {
  return (
    <section className={styles.section} aria-labelledby="admin-user-courses">
      <h3 id="admin-user-courses">{t.enrollments}</h3>
      {enrollments.length === 0 ? (
        <p className={styles.muted}>{t.noEnrollments}</p>
      ) : (
        <DataTable caption={t.enrollments} columns={[t.course, t.wave, t.enrolledAt]}>
          {enrollments.map((each) => (
            <tr key={each.courseId}>
              <th scope="row">{each.title}</th>
              <td data-label={t.wave}>{each.wave}</td>
              <td data-label={t.enrolledAt}>{formatDate(each.enrolledAt)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
