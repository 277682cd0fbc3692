import {
  type AdminCertificate,
  type AdminCertificateCriteria,
  type AdminCertificates,
  type AdminCourses,
  CRITERIA_DIARY_DAYS,
  formatDay,
} from '@yedyni/contract';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../shared/api';
import { Alert, Notice } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import layout from '../../../shared/ui/layout.module.css';
import { Pagination } from '../../../shared/ui/Pagination';
import surfaces from '../../../shared/ui/surfaces.module.css';
import { NumberField, TextField } from '../../../shared/ui/TextField';
import { adminPath, Badge, ListState, SelectField, adminStyles as styles, useAdminQuery } from '../../admin';
import { certificatesApi } from '../api';
import own from '../components/Certificates.module.css';
import { certificateTexts } from '../texts';

const t = certificateTexts.admin;

/** `/uk/admin/certificates` (admins): a course's criteria, and the certificates it issued, each revocable. */
export default function CertificatesAdminPage() {
  const courses = useAdminQuery<AdminCourses>(adminPath('/courses'));
  const [courseId, setCourseId] = useState('');
  const list = courses.data?.courses ?? [];
  const chosen = courseId || list[0]?._id || '';
  return (
    <section className={styles.page} aria-labelledby="admin-certificates-title">
      <h2 id="admin-certificates-title">{t.title}</h2>
      <p className={styles.lead}>{t.lead}</p>
      <ListState query={courses} count={(data) => data.courses.length} empty="—">
        {(data) => (
          <SelectField
            label={t.course}
            value={chosen}
            onChange={setCourseId}
            options={data.courses.map((c) => [c._id, c.title] as const)}
          />
        )}
      </ListState>
      {chosen && <CourseCertificates key={chosen} courseId={chosen} />}
    </section>
  );
}

function CourseCertificates({ courseId }: { courseId: string }) {
  const criteria = useAdminQuery<AdminCertificateCriteria>(
    adminPath(`/certificates/criteria/${encodeURIComponent(courseId)}`),
  );
  const [page, setPage] = useState(1);
  const issued = useAdminQuery<AdminCertificates>(adminPath('/certificates', { courseId, page }));
  const replace = (next: AdminCertificate) =>
    issued.setData(
      (now) => now && { ...now, certificates: now.certificates.map((c) => (c.id === next.id ? next : c)) },
    );
  return (
    <>
      {criteria.data && <CriteriaForm key={courseId} initial={criteria.data} />}
      {criteria.error && <Alert>{criteria.error}</Alert>}
      <h3>{t.issued}</h3>
      <ListState query={issued} count={(data) => data.certificates.length} empty={t.noneIssued}>
        {(data) => (
          <>
            <ul className={`${layout.list} ${styles.cards}`} aria-label={t.issued} aria-busy={issued.loading}>
              {data.certificates.map((c) => (
                <li key={c.id}>
                  <IssuedCertificate certificate={c} onRevoked={replace} />
                </li>
              ))}
            </ul>
            <Pagination page={page} totalPages={data.totalPages} onPage={setPage} />
          </>
        )}
      </ListState>
    </>
  );
}

function CriteriaForm({ initial }: { initial: AdminCertificateCriteria }) {
  const [enabled, setEnabled] = useState(initial.enabled);
  const [diaryDays, setDiaryDays] = useState(String(initial.diaryDays));
  const [allHomework, setAllHomework] = useState(initial.allHomework);
  const [selfTests, setSelfTests] = useState(String(initial.selfTests));
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');
  const [error, setError] = useState('');

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setSaid('');
    setError('');
    try {
      await certificatesApi.saveCriteria(initial.courseId, {
        enabled,
        diaryDays: Number(diaryDays),
        allHomework,
        selfTests: Number(selfTests),
      });
      setSaid(t.saved);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={`${surfaces.card} ${own.item}`} onSubmit={save} aria-labelledby="certificate-criteria">
      <h3 id="certificate-criteria">{t.criteria}</h3>
      <label>
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> {t.enabled}
      </label>
      <NumberField
        label={t.diaryDays}
        hint={t.diaryHint}
        range={CRITERIA_DIARY_DAYS}
        value={diaryDays}
        onChange={(e) => setDiaryDays(e.target.value)}
      />
      <label>
        <input type="checkbox" checked={allHomework} onChange={(e) => setAllHomework(e.target.checked)} />{' '}
        {t.allHomework}
      </label>
      <NumberField
        label={t.selfTests}
        hint={t.selfTestsHint(initial.lessons)}
        range={{ min: 0, max: initial.lessons }}
        value={selfTests}
        onChange={(e) => setSelfTests(e.target.value)}
      />
      {error && <Alert>{error}</Alert>}
      {said && <Notice>{said}</Notice>}
      <div>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {t.save}
        </Button>
      </div>
    </form>
  );
}

function IssuedCertificate({
  certificate: c,
  onRevoked,
}: {
  certificate: AdminCertificate;
  onRevoked: (next: AdminCertificate) => void;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const revoke = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      onRevoked(await certificatesApi.revoke(c.id, reason));
      setOpen(false);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className={`${surfaces.card} ${styles.card}`} aria-label={c.name}>
      <div className={`${layout.spread} ${styles.head}`}>
        <strong>{c.name}</strong>
        <Badge tone={c.revoked ? 'off' : 'ok'}>{c.revoked ? t.revokedAt(c.revoked.at) : t.standing}</Badge>
      </div>
      <p className={own.muted}>
        {certificateTexts.wave} {c.wave} · {formatDay(c.issuedAt)} · <span className={own.code}>{c.id}</span>
        {c.revoked?.reason ? ` · ${c.revoked.reason}` : ''}
      </p>
      {c.canRevoke && !open && (
        <div>
          <Button variant="secondary" onClick={() => setOpen(true)}>
            {t.revoke}
          </Button>
        </div>
      )}
      {open && (
        <form onSubmit={revoke} className={own.item}>
          <TextField
            label={t.revokeReason}
            value={reason}
            maxLength={300}
            onChange={(e) => setReason(e.target.value)}
          />
          {error && <Alert>{error}</Alert>}
          <div className={layout.row}>
            <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
              {t.revokeConfirm}
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t.cancel}
            </Button>
          </div>
        </form>
      )}
    </article>
  );
}
