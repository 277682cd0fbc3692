import buttons from './buttons.module.css';
import layout from './layout.module.css';
import styles from './Pagination.module.css';

interface PaginationProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** The name of the navigation landmark. */
  label?: string;
  disabled?: boolean;
}

/** «Попередня · Сторінка N з M · Наступна»; nothing when everything fits on one page. */
export function Pagination({ page, totalPages, onPage, label = 'Сторінки', disabled = false }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className={`${layout.spread} ${styles.pager}`} aria-label={label}>
      <button
        type="button"
        className={buttons.outline}
        disabled={disabled || page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <span aria-hidden="true">←</span> Попередня
      </button>
      <span className={styles.where} aria-live="polite">
        Сторінка {page} з {totalPages}
      </span>
      <button
        type="button"
        className={buttons.outline}
        disabled={disabled || page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        Наступна <span aria-hidden="true">→</span>
      </button>
    </nav>
  );
}
