import type { NotificationCategory } from '@yedyni/contract';
import styles from './Notifications.module.css';

// One outline drawing per category (24×24, stroke only), so the list is scannable at a glance.
const PATHS: Record<NotificationCategory, string> = {
  lessons: 'M4 5h7a2 2 0 0 1 2 2v12a2 2 0 0 0-2-2H4zM20 5h-7a2 2 0 0 0-2 2v12a2 2 0 0 1 2-2h7z',
  homework: 'M6 3h9l4 4v14H6zM14 3v5h5M9 13l2 2 4-4',
  clubs: 'M4 6h11v8H9l-4 3v-3H4zM15 9h5v8h-1v3l-3-3h-5v-3',
  olympiads: 'M8 4h8v5a4 4 0 0 1-8 0zM8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8 20h8l-1-3H9z',
  payments: 'M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.5-7 10-7 10z',
  review: 'M5 4h10v16H5zM8 8h4M8 12h4M15 15l4 4M13 13a3 3 0 1 0 6 0 3 3 0 0 0-6 0',
  account: 'M12 3l7 3v5c0 5-3 8-7 10-4-2-7-5-7-10V6zM9 12l2 2 4-4',
  streak: 'M12 3c1 4 5 5 5 10a5 5 0 0 1-10 0c0-3 2-4 2-7 1 1 2 2 2 4 1-2 1-4 1-7z',
  nudge: 'M6 16v-5a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0',
};

/** The category's drawing; its name is written next to it, so the drawing is hidden from screen readers. */
export function CategoryIcon({ category }: { category: NotificationCategory }) {
  return (
    <span className={styles.icon}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d={PATHS[category]}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </span>
  );
}
