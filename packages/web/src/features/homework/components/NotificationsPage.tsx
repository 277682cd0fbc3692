import type { MouseEvent } from 'react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import buttons from '../../../shared/ui/buttons.module.css';
import layout from '../../../shared/ui/layout.module.css';
import { Spinner } from '../../../shared/ui/Spinner';
import { useHomeworkDispatch, useHomeworkSelector } from '../hooks';
import { fetchNotifications, markRead, selectExercisesState } from '../slice';
import { NOTIFICATIONS_PAGE, homeworkTexts as t } from '../texts';
import type { ExerciseNotification, Viewer } from '../types';
import styles from './Review.module.css';

/** Where a notification leads: a learner's lesson practice, or the curator's review screen. */
export function notificationTarget(notification: ExerciseNotification, reviewer: boolean): string {
  if (reviewer) return `/uk/active?${new URLSearchParams({ exerciseId: notification.exerciseId })}`;
  return `/uk/learn/${encodeURIComponent(notification.courseId)}/${encodeURIComponent(notification.lessonId)}/practice`;
}

/** `/uk/notifications`: newest first, ten a page; opening one goes to the exercise and marks it read. */
export default function NotificationsPage({ viewer }: { viewer: Viewer }) {
  const dispatch = useHomeworkDispatch();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { notifications, countNotifications } = useHomeworkSelector(selectExercisesState);
  const [loaded, setLoaded] = useState<'no' | 'yes' | 'failed'>('no');
  const [opening, setOpening] = useState('');
  const totalPages = Math.max(1, Math.ceil(countNotifications / NOTIFICATIONS_PAGE));

  useEffect(() => {
    let live = true;
    setLoaded('no');
    dispatch(fetchNotifications({ page, limit: NOTIFICATIONS_PAGE })).then((result) => {
      if (live) setLoaded(fetchNotifications.fulfilled.match(result) ? 'yes' : 'failed');
    });
    return () => {
      live = false;
    };
  }, [dispatch, page]);

  const open = async (event: MouseEvent<HTMLAnchorElement>, notification: ExerciseNotification) => {
    // A new tab or window keeps the browser's own behaviour.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (opening) return;
    setOpening(notification.exerciseId);
    // A curator's notification is marked read here. A learner's is marked by the practice tab as it
    // opens, so the comments still show which of them are new.
    if (viewer.reviewsHomework) await dispatch(markRead(notification.exerciseId));
    navigate(notificationTarget(notification, viewer.reviewsHomework), { state: { fromNotification: true } });
  };

  const toPage = (next: number) => setParams(next > 1 ? { page: String(next) } : {});

  return (
    <section className={styles.page} aria-labelledby="notifications-title">
      <h1 id="notifications-title">{t.notifications}</h1>
      <p className={styles.lead}>{viewer.reviewsHomework ? t.notificationsLeadCurator : t.notificationsLead}</p>
      {loaded === 'no' ? (
        <Spinner compact />
      ) : loaded === 'failed' ? (
        <p className={styles.muted}>{t.notificationsFailed}</p>
      ) : notifications.length === 0 ? (
        <p className={styles.empty}>{viewer.reviewsHomework ? t.notificationsEmptyCurator : t.notificationsEmpty}</p>
      ) : (
        <ul className={layout.list}>
          {notifications.map((n) => (
            <li key={n.exerciseId}>
              <Link
                to={notificationTarget(n, viewer.reviewsHomework)}
                className={styles.item}
                onClick={(event) => open(event, n)}
                aria-busy={opening === n.exerciseId || undefined}
              >
                <span className={styles.itemTitle}>
                  «{n.courseTitle}» · {t.lesson(n.lessonId)}
                </span>
                <span>
                  {viewer.reviewsHomework ? t.waitingFrom(t.fullName(n.from)) : t.commentFrom(t.fullName(n.from))}
                </span>
                <time className={styles.when} dateTime={new Date(n.date).toISOString()}>
                  {t.when(n.date)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {loaded === 'yes' && totalPages > 1 && (
        <nav className={`${layout.spread} ${styles.pager}`} aria-label={t.pages}>
          <button type="button" className={buttons.outline} disabled={page <= 1} onClick={() => toPage(page - 1)}>
            <span aria-hidden="true">←</span> {t.prevPage}
          </button>
          <span aria-live="polite">{t.page(page, totalPages)}</span>
          <button
            type="button"
            className={buttons.outline}
            disabled={page >= totalPages}
            onClick={() => toPage(page + 1)}
          >
            {t.nextPage} <span aria-hidden="true">→</span>
          </button>
        </nav>
      )}
    </section>
  );
}
