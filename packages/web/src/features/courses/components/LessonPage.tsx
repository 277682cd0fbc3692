import { useEffect, useRef } from 'react';
import { Link, NavLink, Outlet, useParams } from 'react-router';
import { Notice } from '../../../shared/ui/Alert';
import { selectCourse } from '../courseSlice';
import { useCoursesDispatch, useCoursesSelector } from '../hooks';
import { fetchLessonContent, lessonSet, selectCurrentLesson } from '../lessonSlice';
import { sortedLessons } from '../lib/lessons';
import { courseTexts as t } from '../texts';
import styles from './LessonPage.module.css';

const SECTIONS = [
  ['', t.main],
  ['theory', t.theory],
  ['practice', t.practice],
  ['audio', t.audio],
  ['video', t.video],
  ['test', t.test],
  ['diary', t.diary],
] as const;

/**
 * `/uk/learn/:courseId/:lessonId`: the lesson's sections as tabs, each rendered below them; a
 * closed lesson says when it opens instead. The course is loaded by CoursePage around it.
 */
export default function LessonPage() {
  const { courseId = '', lessonId = '' } = useParams();
  const dispatch = useCoursesDispatch();
  const course = useCoursesSelector(selectCourse);
  const current = useCoursesSelector(selectCurrentLesson);
  const lessons = course ? sortedLessons(course.lessons) : [];
  const index = lessons.findIndex((l) => l.day === lessonId);
  const lesson = lessons[index];
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    dispatch(lessonSet(lesson ?? null));
  }, [dispatch, lesson]);

  // Curators read every lesson, open or not yet.
  const readable = lesson !== undefined && (lesson.isOpen || course?.canManage === true);
  const contentUrl = readable ? lesson.content : '';
  useEffect(() => {
    if (contentUrl) dispatch(fetchLessonContent(contentUrl));
  }, [dispatch, contentUrl]);

  // Another lesson: focus its title, so keyboard and screen reader users start from the top.
  useEffect(() => {
    if (lessonId) headingRef.current?.focus();
  }, [lessonId]);

  if (!course) return null;
  const courseLink = `/uk/learn/${encodeURIComponent(courseId)}`;
  const prev = index > 0 ? lessons[index - 1] : undefined;
  const next = index >= 0 ? lessons[index + 1] : undefined;

  return (
    <div className={styles.page}>
      <Link to={courseLink} className={styles.back}>
        ← {course.title}
      </Link>
      {!lesson ? (
        <section>
          <h1 ref={headingRef} tabIndex={-1}>
            {t.lessonTitle(lessonId)}
          </h1>
          <p>{t.notFound}</p>
        </section>
      ) : (
        <>
          <header className={styles.head}>
            <p className={styles.eyebrow}>{t.lessonTitle(lesson.day)}</p>
            <h1 ref={headingRef} tabIndex={-1} className={styles.title}>
              {lesson.theme}
            </h1>
          </header>
          {!readable ? (
            <section className={styles.closed} aria-labelledby="closed-title">
              <h2 id="closed-title">{t.closedTitle}</h2>
              <p>{t.closedText(lesson.opensAt)}</p>
            </section>
          ) : (
            <>
              {!lesson.isOpen && <Notice tone="info">{t.curatorPreview(lesson.opensAt)}</Notice>}
              <nav aria-label={t.sections}>
                <ul className={styles.tabs}>
                  {SECTIONS.map(([path, label]) => (
                    <li key={label}>
                      <NavLink to={path} end className={styles.tab}>
                        {label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </nav>
              {/* Sections read the current lesson from the store: render once it is this one. */}
              {current?.content === lesson.content && current.day === lesson.day && <Outlet />}
            </>
          )}
        </>
      )}
      {(prev || next) && (
        <nav aria-label={t.lessonNav} className={styles.pager}>
          {prev && (
            <Link to={`${courseLink}/${encodeURIComponent(prev.day)}`} className={styles.prev} rel="prev">
              <span className={styles.pagerLabel}>← {t.prev}</span>
              <span>{t.lessonLink(prev.day, prev.theme)}</span>
            </Link>
          )}
          {next && (
            <Link to={`${courseLink}/${encodeURIComponent(next.day)}`} className={styles.next} rel="next">
              <span className={styles.pagerLabel}>{t.next} →</span>
              <span>{t.lessonLink(next.day, next.theme)}</span>
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
