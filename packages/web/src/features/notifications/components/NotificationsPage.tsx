import { NOTIFICATION_CATEGORY_TITLES, type NotificationItem } from '@yedyni/contract';
import type { MouseEvent, ReactNode } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import badges from '../../../shared/ui/badges.module.css';
import { EmptyNote } from '../../../shared/ui/ListStates';
import layout from '../../../shared/ui/layout.module.css';
import { Spinner } from '../../../shared/ui/Spinner';
import { notificationsApi } from '../api';
import { NOTIFICATIONS_LIMIT, notificationTexts as t } from '../texts';
import { CategoryIcon } from './CategoryIcon';
import styles from './Notifications.module.css';

interface NotificationsPageProps {
  /** The badge's new count after something was marked read (the server's answer). */
  onCountChange: (count: number) => void;
  /** For a person who reviews homework: the homeworks waiting for them, above the list. */
  waiting?: ReactNode;
}

/**
 * `/uk/notifications`: newest first, twenty at a time; an unread one is marked. Opening one marks
 * it read and goes where it points; «Позначити всі прочитаними» marks all.
 */
export default function NotificationsPage({ onCountChange, waiting }: NotificationsPageProps) {
  const navigate = useNavigate();
  const [items, setItems] = useState<NotificationItem[]>([]);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loaded, setLoaded] = useState<'no' | 'yes' | 'failed'>('no');
  const [loadingMore, setLoadingMore] = useState(false);
  const [marking, setMarking] = useState(false);
  const [error, setError] = useState('');

  const load = useCallback(async (next: number) => {
    const list = await notificationsApi.list(next, NOTIFICATIONS_LIMIT);
    setItems((before) => (next === 1 ? list.notifications : [...before, ...list.notifications]));
    setHasMore(list.notifications.length === NOTIFICATIONS_LIMIT);
    setPage(next);
  }, []);

  useEffect(() => {
    let live = true;
    load(1).then(
      () => live && setLoaded('yes'),
      () => live && setLoaded('failed'),
    );
    return () => {
      live = false;
    };
  }, [load]);

  const more = async () => {
    setLoadingMore(true);
    setError('');
    try {
      await load(page + 1);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setLoadingMore(false);
    }
  };

  const markAll = async () => {
    setMarking(true);
    setError('');
    try {
      const { countNotifications } = await notificationsApi.readAll();
      setItems((before) => before.map((item) => ({ ...item, read: true })));
      onCountChange(countNotifications);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setMarking(false);
    }
  };

  const open = async (event: MouseEvent<HTMLAnchorElement>, item: NotificationItem) => {
    // A new tab or window keeps the browser's own behaviour.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (!item.read) {
      // Read on the way: a failure here must not keep the person from what the notification is about.
      try {
        const { countNotifications } = await notificationsApi.read([item._id]);
        onCountChange(countNotifications);
      } catch {}
    }
    navigate(item.link);
  };

  const unread = items.some((item) => !item.read);

  return (
    <section className={styles.page} aria-labelledby="notifications-title">
      <div className={`${layout.spread} ${styles.head}`}>
        <h1 id="notifications-title">{t.title}</h1>
        <Link to="/uk/notifications/settings" className={styles.settingsLink}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M4 7h10M18 7h2M4 17h2M10 17h10" stroke="currentColor" strokeWidth="2" fill="none" />
            <circle cx="16" cy="7" r="2.5" stroke="currentColor" strokeWidth="2" fill="none" />
            <circle cx="8" cy="17" r="2.5" stroke="currentColor" strokeWidth="2" fill="none" />
          </svg>
          {t.settingsLink}
        </Link>
      </div>
      <p className={styles.lead}>{t.lead}</p>
      {waiting}
      {waiting && <h2 className={styles.subtitle}>{t.list}</h2>}
      {loaded === 'no' ? (
        <Spinner compact />
      ) : loaded === 'failed' ? (
        <p className={styles.muted}>{t.failed}</p>
      ) : items.length === 0 ? (
        <EmptyNote>{t.empty}</EmptyNote>
      ) : (
        <>
          {unread ? (
            <div className={styles.actions}>
              <Button variant="secondary" onClick={markAll} disabled={marking} aria-busy={marking || undefined}>
                {t.markAll}
              </Button>
            </div>
          ) : (
            <p className={styles.muted} role="status">
              {t.allRead}
            </p>
          )}
          <ul className={layout.list} aria-label={t.list}>
            {items.map((item) => (
              <li key={item._id}>
                <Link
                  to={item.link}
                  className={item.read ? styles.item : `${styles.item} ${styles.unread}`}
                  onClick={(event) => open(event, item)}
                >
                  <CategoryIcon category={item.category} />
                  <span className={styles.text}>
                    <span className={styles.meta}>
                      <span>{NOTIFICATION_CATEGORY_TITLES[item.category]}</span>
                      {!item.read && (
                        <span className={`${badges.badge} ${badges.small} ${styles.badge}`}>{t.unreadMark}</span>
                      )}
                    </span>
                    <span className={styles.itemTitle}>{item.title}</span>
                    {item.body && <span className={styles.body}>{item.body}</span>}
                    <time className={styles.when} dateTime={new Date(item.date).toISOString()}>
                      {t.when(item.date)}
                    </time>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {error && <Alert>{error}</Alert>}
          {hasMore && (
            <div className={styles.actions}>
              <Button variant="secondary" onClick={more} disabled={loadingMore} aria-busy={loadingMore || undefined}>
                {t.more}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
