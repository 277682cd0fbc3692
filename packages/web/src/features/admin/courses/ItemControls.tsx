import { useEffect, useRef } from 'react';
import styles from './Courses.module.css';
import { courseAdminTexts as t } from './texts';

/**
 * Keeps the focus on a list's controls while its rows move or go: after a render, the element
 * matching the pending selector (or, when that one is missing or disabled, the fallback) is focused.
 */
export function useRefocus() {
  const pending = useRef<string[] | null>(null);
  useEffect(() => {
    const selectors = pending.current;
    if (!selectors) return;
    pending.current = null;
    for (const selector of selectors) {
      const element = document.querySelector<HTMLButtonElement>(selector);
      if (element && !element.disabled) {
        element.focus();
        return;
      }
    }
  });
  return (...selectors: string[]) => {
    pending.current = selectors;
  };
}

const control = (row: string, action: string) => `[data-row="${row}"][data-action="${action}"]`;

interface ItemControlsProps {
  /** The row's key (data-row), to find its buttons again after a move. */
  row: string;
  index: number;
  count: number;
  /** What the row is, for the buttons' names: «Аудіо 2». */
  what: string;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
  /** Where the focus goes once the row is removed (the list's «add» control). */
  afterRemove: string;
  refocus: (...selectors: string[]) => void;
  /** Fewer rows are not allowed (the self-test's two options). */
  canRemove?: boolean;
  removeLabel?: string;
  /** The visible text of the remove button (default «Прибрати»). */
  removeText?: string;
}

/** «Вище», «Нижче» and «Прибрати» for a row of an editable list: buttons, so the keyboard can do it all. */
export function ItemControls({
  row,
  index,
  count,
  what,
  onMove,
  onRemove,
  afterRemove,
  refocus,
  canRemove = true,
  removeLabel,
  removeText = t.removeShort,
}: ItemControlsProps) {
  const moveBy = (step: -1 | 1) => {
    const action = step < 0 ? 'up' : 'down';
    refocus(control(row, action), control(row, step < 0 ? 'down' : 'up'));
    onMove(step);
  };
  return (
    <span className={styles.itemControls}>
      <button
        type="button"
        className={styles.move}
        data-row={row}
        data-action="up"
        disabled={index === 0}
        aria-label={t.moveItemUp(what)}
        onClick={() => moveBy(-1)}
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        type="button"
        className={styles.move}
        data-row={row}
        data-action="down"
        disabled={index === count - 1}
        aria-label={t.moveItemDown(what)}
        onClick={() => moveBy(1)}
      >
        <span aria-hidden="true">↓</span>
      </button>
      <button
        type="button"
        className={styles.removeButton}
        disabled={!canRemove}
        aria-label={removeLabel ?? t.removeItem(what)}
        onClick={() => {
          refocus(afterRemove);
          onRemove();
        }}
      >
        {removeText}
      </button>
    </span>
  );
}
