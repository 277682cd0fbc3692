import { adminTexts, adminStyles as shared } from '../../admin';
import styles from './Courses.module.css';
import { courseAdminTexts as t } from './texts';

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
  removeText = adminTexts.common.remove,
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
        className={shared.move}
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
        className={shared.move}
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
        className={shared.removeButton}
        disabled={!canRemove}
        aria-label={removeLabel ?? adminTexts.common.removeWhat(what)}
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
