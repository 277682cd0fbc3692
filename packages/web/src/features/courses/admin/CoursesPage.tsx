import { type AdminCourses, courseCreateBodySchema } from '@yedyni/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { checkWith } from '../../../shared/lib/formCheck';
import layout from '../../../shared/ui/layout.module.css';
import { TextArea } from '../../../shared/ui/TextArea';
import { TextField } from '../../../shared/ui/TextField';
import {
  AdminForm,
  Badge,
  codeInput,
  DataTable,
  FormToggle,
  ListState,
  adminStyles as shared,
  useAdminQuery,
  useFields,
} from '../../admin';
import { courseAdminApi, courseAdminPaths } from './api';
import styles from './Courses.module.css';
import { coursePath, fromKyivDate } from './lib';
import { courseAdminTexts as t } from './texts';

/** `/uk/admin/courses`: every course with its waves, lessons and learners; admins also create one. */
export default function CoursesPage() {
  const query = useAdminQuery<AdminCourses>(courseAdminPaths.courses());
  const { data } = query;
  const [creating, setCreating] = useState(false);

  return (
    <section className={shared.page} aria-labelledby="admin-courses-title">
      <div className={`${layout.spread} ${shared.head}`}>
        <h2 id="admin-courses-title" className={shared.pageTitle}>
          {t.title}
        </h2>
        {data?.canAuthor && (
          <FormToggle
            open={creating}
            controls="admin-course-create"
            openText={t.newCourse}
            onClick={() => setCreating(!creating)}
          />
        )}
      </div>
      <p className={shared.lead}>{t.lead}</p>

      {data?.canAuthor && (
        <div id="admin-course-create" hidden={!creating}>
          {creating && <NewCourseForm />}
        </div>
      )}

      <ListState query={query} count={(data) => data.courses.length} empty={t.empty} loadingLabel={t.loading}>
        {(data) => (
          <DataTable
            caption={t.list}
            busy={query.loading}
            columns={[t.fieldTitle, t.code, t.currentWave, t.nextWave, t.lessons, t.learners]}
          >
            {data.courses.map((course) => (
              <tr key={course._id}>
                <th scope="row">
                  <span className={styles.courseName}>
                    <Link className={shared.rowLink} to={coursePath(course._id)}>
                      {course.title}
                    </Link>
                    {course.starter && <Badge>{t.starter}</Badge>}
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
          </DataTable>
        )}
      </ListState>
    </section>
  );
}

const checkCourse = checkWith(courseCreateBodySchema);

/** Admins: a new course with its first wave; on success the console opens it. */
function NewCourseForm() {
  const navigate = useNavigate();
  const { fields, set, input } = useFields(() => ({
    title: '',
    slug: '',
    description: '',
    waveLabel: '1',
    waveStart: '',
  }));
  const [starter, setStarter] = useState(false);
  const body = { ...fields, starter, waveStart: fromKyivDate(fields.waveStart) };

  const send = async () => {
    if (body.waveStart === null) return; // `check` has said so
    const course = await courseAdminApi.createCourse({ ...body, waveStart: body.waveStart });
    navigate(coursePath(course._id));
  };

  return (
    <AdminForm
      title={t.createTitle}
      send={send}
      body={body}
      check={checkCourse}
      submit={t.create}
      busyText={t.creating}
      failedText={t.createFailed}
    >
      <div className={shared.grid}>
        <TextField label={t.fieldTitle} name="title" maxLength={200} required {...input('title')} />
        <TextField
          label={t.fieldSlug}
          name="slug"
          hint={t.fieldSlugHint}
          maxLength={80}
          required
          {...codeInput}
          pattern="[a-z0-9][a-z0-9\-]{1,79}"
          {...input('slug')}
        />
        <div className={shared.wide}>
          <TextArea
            label={t.fieldDescription}
            name="description"
            max={1000}
            rows={3}
            value={fields.description}
            onChange={set('description')}
          />
        </div>
        <TextField
          label={t.fieldWave}
          name="waveLabel"
          hint={t.fieldWaveHint}
          maxLength={20}
          required
          autoComplete="off"
          {...input('waveLabel')}
        />
        <TextField label={t.fieldWaveStart} name="waveStart" type="date" required {...input('waveStart')} />
        <label className={`${shared.check} ${shared.wide}`}>
          <input type="checkbox" checked={starter} onChange={(event) => setStarter(event.target.checked)} />
          <span>{t.fieldStarter}</span>
        </label>
      </div>
    </AdminForm>
  );
}
