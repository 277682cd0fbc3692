import type { AdminCourseDetail } from '@yedyni/contract';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { LoadFailed } from '../../../shared/ui/ListStates';
import layout from '../../../shared/ui/layout.module.css';
import { Spinner } from '../../../shared/ui/Spinner';
import { Badge, adminStyles as shared, useAdminQuery, useDownload } from '../../admin';
import { courseAdminPaths } from './api';
import { CourseSettings } from './CourseSettings';
import styles from './Courses.module.css';
import { LessonList } from './LessonList';
import { courseAdminTexts as t } from './texts';
import { WavePanel } from './WavePanel';

/**
 * `/uk/admin/courses/:courseId`: the waves and the lessons' schedule (curators and admins); admins
 * also edit the course, add, reorder and delete lessons and export the course as a zip.
 */
export default function CoursePage() {
  const { courseId = '' } = useParams();
  const {
    data: course,
    loading,
    error,
    reload,
    setData,
  } = useAdminQuery<AdminCourseDetail>(courseAdminPaths.course(courseId));
  const { download, busy: exporting, error: exportError } = useDownload();

  if (!course) {
    return (
      <section className={shared.page} aria-label={t.title}>
        <Link className={shared.back} to="/uk/admin/courses">
          {t.back}
        </Link>
        {error ? <LoadFailed error={error} onRetry={reload} /> : loading && <Spinner label={t.courseLoading} />}
      </section>
    );
  }

  const update = (patch: Partial<AdminCourseDetail>) => setData((now) => (now ? { ...now, ...patch } : now));

  return (
    <section className={shared.page} aria-labelledby="admin-course-title">
      <Link className={shared.back} to="/uk/admin/courses">
        {t.back}
      </Link>
      <div className={`${layout.spread} ${shared.head}`}>
        <div className={styles.titleBlock}>
          <h2 id="admin-course-title" className={shared.pageTitle}>
            {course.title}
          </h2>
          <p className={shared.muted}>
            {t.code}: <code className={styles.code}>{course.slug}</code>
            {course.starter && <Badge className={styles.inlineBadge}>{t.starter}</Badge>}
            {' · '}
            {t.lessons}: {course.lessonCount} · {t.learners}: {course.learnerCount}
          </p>
        </div>
        {course.canAuthor && (
          <Button
            variant="secondary"
            disabled={exporting}
            onClick={() => download(courseAdminPaths.courseExport(course._id), `${course.slug}.zip`)}
          >
            {exporting ? t.exporting : t.export}
          </Button>
        )}
      </div>
      {exportError && <Alert>{exportError}</Alert>}
      {course.description && <p className={shared.lead}>{course.description}</p>}

      <WavePanel course={course} onNext={(nextWave, nextStart) => update({ nextWave, nextStart })} />
      <LessonList course={course} onCourse={(c) => setData(c)} />
      {course.canAuthor && <CourseSettings key={course._id} course={course} onSaved={(c) => setData(c)} />}
    </section>
  );
}
