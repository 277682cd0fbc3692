import type { MouseEvent } from 'react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import buttons from '../../../shared/ui/buttons.module.css';
import layout from '../../../shared/ui/layout.module.css';
import { Spinner } from '../../../shared/ui/Spinner';
import { useHomeworkDispatch, useHomeworkSelector } from '../hooks';
import { fetchNotifications, markRead, selectExercisesState } from '../slice';
import { NOTIFICATIONS_PAGE, homeworkTexts as t } from '../texts';
import type { ExerciseNotification } from '../types';
import styles from './Review.module.css';

/** The review screen of a waiting homework. */
export function reviewTarget(notification: ExerciseNotification): string {
  return `/uk/active?${new URLSearchParams({ exerciseId: notification.exerciseId })}`;
}

/**
 * For a person who reviews homework, on `/uk/notifications` above the notification list: the
 * homeworks waiting for review, newest first, ten a page (`?page=`); opening one marks it read, then
 * goes to the review screen.
 */
export default function WaitingHomework() {
  const dispatch = useHomeworkDispatch();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { notifications } = useHomeworkSelector(selectExercisesState);
  const [loaded, setLoaded] = useState<'no' | 'yes' | 'failed'>('no');
  const [opening, setOpening] = useState('');
  // `countNotifications` also counts the curator's own unread notifications, so it cannot say how
  // many pages of waiting homework there are: a full page may have a next one, a short page is the last.
  const hasNext = notifications.length >= NOTIFICATIONS_PAGE;

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
    await dispatch(markRead(notification.exerciseId));
    navigate(reviewTarget(notification), { state: { fromNotification: true } });
  };

  const toPage = (next: number) => setParams(next > 1 ? { page: String(next) } : {});

  return (
    <section className={styles.waiting} aria-labelledby="waiting-title">
      <h2 id="waiting-title">{t.waitingTitle}</h2>
      <p className={styles.lead}>{t.notificationsLeadCurator}</p>
      {loaded === 'no' ? (
        <Spinner compact />
      ) : loaded === 'failed' ? (
        <p className={styles.muted}>{t.notificationsFailed}</p>
      ) : notifications.length === 0 ? (
        <p className={styles.empty}>{t.notificationsEmptyCurator}</p>
      ) : (
        <ul className={layout.list}>
          {notifications.map((n) => (
            <li key={n.exerciseId}>
              <Link
                to={reviewTarget(n)}
                className={styles.item}
                onClick={(event) => open(event, n)}
                aria-busy={opening === n.exerciseId || undefined}
              >
                <span className={styles.itemTitle}>
                  «{n.courseTitle}» · {t.lesson(n.lessonId)}
                </span>
                <span>{t.waitingFrom(t.fullName(n.from))}</span>
                <time className={styles.when} dateTime={new Date(n.date).toISOString()}>
                  {t.when(n.date)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {loaded === 'yes' && (page > 1 || hasNext) && (
        <nav className={`${layout.spread} ${styles.pager}`} aria-label={t.pages}>
          <button type="button" className={buttons.outline} disabled={page <= 1} onClick={() => toPage(page - 1)}>
            <span aria-hidden="true">←</span> {t.prevPage}
          </button>
          <span aria-live="polite">{t.page(page)}</span>
          <button type="button" className={buttons.outline} disabled={!hasNext} onClick={() => toPage(page + 1)}>
            {t.nextPage} <span aria-hidden="true">→</span>
          </button>
        </nav>
      )}
    </section>
  );
}
