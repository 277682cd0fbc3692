import type { ReactNode } from 'react';
import { EmptyNote, LoadFailed } from '../../shared/ui/ListStates';
import { Pagination } from '../../shared/ui/Pagination';
import { Spinner } from '../../shared/ui/Spinner';
import styles from './Admin.module.css';
import { adminTexts } from './texts';
import type { AdminQuery } from './useAdminQuery';

interface Paging {
  page: number;
  onPage: (page: number) => void;
  /** The navigation's name (default «Сторінки списку»). */
  label?: string;
}

interface ListStateProps<D> {
  /** What useAdminQuery answered (data, loading, error, reload). */
  query: Pick<AdminQuery<D>, 'data' | 'loading' | 'error' | 'reload'>;
  /** How many items the answer lists: none shows `empty`. */
  count: (data: D) => number;
  empty: string;
  /** The list itself (a DataTable, cards, …), once there is something to show. */
  children: (data: D) => ReactNode;
  /** Said before the list or `empty` (e.g. how many were found). */
  before?: (data: D) => ReactNode;
  /** The spinner's text (default «Завантаження…»). */
  loadingLabel?: string;
  /** A list inside a section or a card: a small spinner and a plain muted «nothing». */
  compact?: boolean;
  /** A paged answer (it has totalPages, checked by this type): the pages under the list. */
  paging?: D extends { totalPages: number } ? Paging : never;
}

/**
 * The states every list of the console goes through: a failed load with its retry, the spinner
 * before the first answer, «nothing here», then the list, and its pages when it has some.
 */
export function ListState<D>({
  query: { data, loading, error, reload },
  count,
  empty,
  children,
  before,
  loadingLabel,
  compact,
  paging,
}: ListStateProps<D>) {
  return (
    <>
      <LoadFailed error={error} onRetry={reload} />
      {!data ? (
        loading && <Spinner label={loadingLabel} compact={compact} />
      ) : (
        <>
          {before?.(data)}
          {count(data) === 0 ? (
            compact ? (
              <p className={styles.muted}>{empty}</p>
            ) : (
              <EmptyNote>{empty}</EmptyNote>
            )
          ) : (
            children(data)
          )}
          {paging && (
            <Pagination
              page={paging.page}
              totalPages={(data as unknown as { totalPages: number }).totalPages}
              disabled={loading}
              label={paging.label ?? adminTexts.common.pages}
              onPage={paging.onPage}
            />
          )}
        </>
      )}
    </>
  );
}

/** A column of a DataTable: its name, or the name with `num` (right-aligned numbers) or `hidden` (read aloud only). */
export type Column = string | { label: string; num?: boolean; hidden?: boolean };

interface DataTableProps {
  /** The table's name (read aloud, not shown). */
  caption: string;
  columns: readonly Column[];
  /** The rows (<tr>, each <td> with data-label: below 48rem each row is a card). */
  children: ReactNode;
  /** A reload is under way (aria-busy). */
  busy?: boolean;
  /**
   * A small table that stays a table at every width (.scroll .plain .narrow), in a box that
   * scrolls sideways if it must, named by the heading with this id.
   */
  plainIn?: string;
}

/** The console's table: a caption for screen readers, the column heads, the rows. */
export function DataTable({ caption, columns, children, busy, plainIn }: DataTableProps) {
  const table = (
    <table className={plainIn ? styles.plain : styles.table} aria-busy={busy}>
      <caption className="sr-only">{caption}</caption>
      {/* Below 48rem the heads only speak: each row is a card, each cell names its column (data-label). */}
      <thead className={plainIn ? undefined : 'sr-only'}>
        <tr>
          {columns.map((column) => {
            const { label, num, hidden }: Exclude<Column, string> =
              typeof column === 'string' ? { label: column } : column;
            return (
              <th key={label} scope="col" className={num ? styles.num : undefined}>
                {hidden ? <span className="sr-only">{label}</span> : label}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
  if (!plainIn) return <div className={styles.tableWrap}>{table}</div>;
  return (
    <section
      className={`${styles.scroll} ${styles.narrow}`}
      aria-labelledby={plainIn}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard.
      tabIndex={0}
    >
      {table}
    </section>
  );
}
