import type { Lesson } from '@yedyni/contract';
import { useEffect, useId, useRef } from 'react';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { useScreenShown } from '../../../shared/lib/useScreenShown';
import { Notice } from '../../../shared/ui/Alert';
import { type RouteTab, TabStrip, tabId } from '../../../shared/ui/TabStrip';
import { selectCourse } from '../courseSlice';
import { useCoursesDispatch, useCoursesSelector } from '../hooks';
import { fetchLessonContent, lessonSet, selectLessonState } from '../lessonSlice';
import { audioTracks, playableVideos, sortedLessons } from '../lib/lessons';
import { isOpening, useOpeningClock } from '../lib/useOpeningClock';
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

/** The tabs kept to paint first on the next visit (shared/lib/lastScreen.ts): the lesson's text and its theory. */
const KEPT_SECTIONS = new Set(['', 'theory']);

/** The lesson's tabs; audio and video only when the lesson has some (an empty tab was a dead end). */
function lessonTabs(lesson: Lesson, base: string): RouteTab[] {
  return SECTIONS.filter(
    ([path]) =>
      (path !== 'audio' || audioTracks(lesson).length > 0) &&
      (path !== 'video' || playableVideos(lesson, t.videoTitle).length > 0),
  ).map(([path, label]) => ({ key: path || 'main', to: path ? `${base}/${path}` : base, label }));
}

interface LessonPageProps {
  /** Called once the lesson's text (or why it cannot be read) is on screen: the app reads ahead then. */
  onShown?: () => void;
}

export default function LessonPage({ onShown }: LessonPageProps) {
  const { courseId = '', lessonId = '' } = useParams();
  const dispatch = useCoursesDispatch();
  const course = useCoursesSelector(selectCourse);
  const { currentLesson: current, content, isLoading } = useCoursesSelector(selectLessonState);
  const lessons = course ? sortedLessons(course.lessons) : [];
  const index = lessons.findIndex((l) => l.day === lessonId);
  const lesson = lessons[index];
  const headingRef = useRef<HTMLHeadingElement>(null);
  const panelId = useId();
  const { pathname } = useLocation();
  // Re-renders when the opening time passes; CoursePage around it fetches the course then.
  useOpeningClock(lesson ? [lesson] : []);

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

  const textHere = course !== null && (!readable || (current?.content === lesson.content && !isLoading));
  const courseLink = `/uk/learn/${encodeURIComponent(courseId)}`;
  const lessonLink = `${courseLink}/${encodeURIComponent(lessonId)}`;
  const section = pathname.replace(/\/+$/, '').slice(lessonLink.length + 1);
  // Kept to paint first when this address is opened again today (a phone that dropped the tab):
  // the text tabs, each at its own address, once the text is here. Not the media tabs (a copy's
  // player would load its video a second time), nor a closed lesson's notice (it may open within
  // the day, and its copy would say it is closed).
  useScreenShown(textHere, readable && KEPT_SECTIONS.has(section) ? pathname : null, headingRef);
  useEffect(() => {
    if (textHere) onShown?.();
  }, [textHere, onShown]);

  if (!course) return null;
  const prev = index > 0 ? lessons[index - 1] : undefined;
  const next = index >= 0 ? lessons[index + 1] : undefined;
  const tabs = lesson ? lessonTabs(lesson, lessonLink) : [];
  const selected = tabs.find((tab) => tab.key === (section || 'main'))?.key ?? null;
  const shown = current?.content === lesson?.content && current?.day === lesson?.day;
  // The pager waits below the main text until that text is here: arriving, it would push the
  // pager down (CLS); every other tab's content comes with the course.
  const settled = !readable || (shown && !(selected === 'main' && isLoading && !content));

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
              <p>{isOpening(lesson, Date.now()) ? t.closedOpening : t.closedText(lesson.opensAt)}</p>
            </section>
          ) : (
            <>
              {!lesson.isOpen && <Notice tone="info">{t.curatorPreview(lesson.opensAt)}</Notice>}
              <TabStrip label={t.sections} tabs={tabs} selected={selected} panelId={panelId} />
              <div
                id={panelId}
                role="tabpanel"
                aria-labelledby={selected ? tabId(panelId, selected) : undefined}
                className={styles.panel}
              >
                {/* Sections read the current lesson from the store: render once it is this one. */}
                {shown && <Outlet />}
              </div>
            </>
          )}
        </>
      )}
      {settled && (prev || next) && (
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
