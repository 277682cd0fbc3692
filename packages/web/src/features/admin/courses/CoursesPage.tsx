import type { AdminCourses } from '@yedyni/contract';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { Spinner } from '../../../shared/ui/Spinner';
import { TextArea } from '../../../shared/ui/TextArea';
import { TextField } from '../../../shared/ui/TextField';
import shared from '../Admin.module.css';
import { adminApi, adminPaths } from '../api';
import { useAdminQuery } from '../useAdminQuery';
import styles from './Courses.module.css';
import { coursePath, fromKyivDate } from './lib';
import { courseAdminTexts as t } from './texts';

/** `/uk/admin/courses`: every course with its waves, lessons and learners; admins also create one. */
export default function CoursesPage() {
  const { data, loading, error, reload } = useAdminQuery<AdminCourses>(adminPaths.courses());
  const [creating, setCreating] = useState(false);

  return (
    <section className={shared.page} aria-labelledby="admin-courses-title">
      <div className={shared.head}>
        <h2 id="admin-courses-title" className={styles.pageTitle}>
          {t.title}
        </h2>
        {data?.canAuthor && (
          <Button
            variant={creating ? 'secondary' : 'primary'}
            aria-expanded={creating}
            aria-controls="admin-course-create"
            onClick={() => setCreating(!creating)}
          >
            {creating ? t.closeForm : t.newCourse}
          </Button>
        )}
      </div>
      <p className={shared.lead}>{t.lead}</p>

      {data?.canAuthor && (
        <div id="admin-course-create" hidden={!creating}>
          {creating && <NewCourseForm />}
        </div>
      )}

      {error && (
        <div className={shared.failed}>
          <Alert>{error}</Alert>
          <Button variant="secondary" onClick={reload}>
            {t.retry}
          </Button>
        </div>
      )}

      {!data ? (
        loading && <Spinner label={t.loading} />
      ) : data.courses.length === 0 ? (
        <p className={shared.empty}>{t.empty}</p>
      ) : (
        <div className={shared.tableWrap}>
          <table className={shared.table} aria-busy={loading}>
            <caption className="sr-only">{t.list}</caption>
            <thead>
              <tr>
                <th scope="col">{t.fieldTitle}</th>
                <th scope="col">{t.code}</th>
                <th scope="col">{t.currentWave}</th>
                <th scope="col">{t.nextWave}</th>
                <th scope="col">{t.lessons}</th>
                <th scope="col">{t.learners}</th>
              </tr>
            </thead>
            <tbody>
              {data.courses.map((course) => (
                <tr key={course._id}>
                  <th scope="row">
                    <span className={styles.courseName}>
                      <Link className={shared.rowLink} to={coursePath(course._id)}>
                        {course.title}
                      </Link>
                      {course.starter && <span className={shared.badge}>{t.starter}</span>}
                    </span>
                  </th>
                  <td data-label={t.code}>
                    <code className={styles.code}>{course.slug}</code>
                  </td>
                  <td data-label={t.currentWave}>{t.waveSince(course.currentWave, course.currentStart)}</td>
                  <td data-label={t.nextWave}>
                    {course.nextWave !== null && course.nextStart !== null
                      ? t.waveSince(course.nextWave, course.nextStart)
                      : t.noNextWave}
                  </td>
                  <td data-label={t.lessons} className={shared.num}>
                    {course.lessonCount}
                  </td>
                  <td data-label={t.learners} className={shared.num}>
                    {course.learnerCount}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Admins: a new course with its first wave; on success the console opens it. */
function NewCourseForm() {
  const navigate = useNavigate();
  const id = useId();
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const [description, setDescription] = useState('');
  const [starter, setStarter] = useState(false);
  const [waveLabel, setWaveLabel] = useState('1');
  const [waveStart, setWaveStart] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const start = fromKyivDate(waveStart);
    if (start === null) {
      setFailure(t.needStart);
      return;
    }
    setBusy(true);
    setFailure('');
    try {
      const course = await adminApi.createCourse({ title, slug, description, starter, waveLabel, waveStart: start });
      navigate(coursePath(course._id));
    } catch (error) {
      setFailure(errorMessage(error) || t.createFailed);
      setBusy(false);
    }
  };

  return (
    <form className={shared.form} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={shared.formTitle}>
        {t.createTitle}
      </h3>
      <div className={shared.grid}>
        <TextField
          label={t.fieldTitle}
          maxLength={200}
          required
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <TextField
          label={t.fieldSlug}
          hint={t.fieldSlugHint}
          maxLength={80}
          required
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          pattern="[a-z0-9][a-z0-9\-]{1,79}"
          value={slug}
          onChange={(event) => setSlug(event.target.value)}
        />
        <div className={shared.wide}>
          <TextArea label={t.fieldDescription} max={1000} rows={3} value={description} onChange={setDescription} />
        </div>
        <TextField
          label={t.fieldWave}
          hint={t.fieldWaveHint}
          maxLength={20}
          required
          autoComplete="off"
          value={waveLabel}
          onChange={(event) => setWaveLabel(event.target.value)}
        />
        <TextField
          label={t.fieldWaveStart}
          type="date"
          required
          value={waveStart}
          onChange={(event) => setWaveStart(event.target.value)}
        />
        <label className={`${styles.check} ${shared.wide}`}>
          <input type="checkbox" checked={starter} onChange={(event) => setStarter(event.target.checked)} />
          <span>{t.fieldStarter}</span>
        </label>
      </div>
      {failure && <Alert>{failure}</Alert>}
      <div className={shared.actions}>
        <Button type="submit" disabled={busy}>
          {busy ? t.creating : t.create}
        </Button>
      </div>
    </form>
  );
}
