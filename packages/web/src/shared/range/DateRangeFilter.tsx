import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { kyivDateRange, kyivIsoDate } from '@yedyni/contract';
import { useId } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import buttons from '../ui/buttons.module.css';
import field from '../ui/TextField.module.css';
import styles from './DateRangeFilter.module.css';
import { type RangeRootState, resetRange, selectRange, setEnd, setPage, setStart, setToday } from './slice';

const t = {
  legend: 'Період',
  from: 'Від',
  to: 'До',
  today: 'Сьогодні',
  all: 'Усі дати',
  reversed: 'Дата «від» пізніша за дату «до»: за такий період записів не буде.',
} as const;

/**
 * The period of a history list as two Kyiv dates (spec §9, docs/ARCHITECTURE.md: a day runs 00:00:00.000 to
 * 23:59:59.999 Kyiv time); «Сьогодні» picks today. A changed period starts again at page 1.
 */
export function DateRangeFilter() {
  const dispatch = useDispatch<ThunkDispatch<RangeRootState, unknown, UnknownAction>>();
  const { start, end } = useSelector(selectRange);
  const id = useId();
  const reversed = start !== null && end !== null && start > end;
  const startDate = start === null ? '' : kyivIsoDate(start);
  const endDate = end === null ? '' : kyivIsoDate(end);

  const onStart = (value: string) => {
    dispatch(setStart(value ? kyivDateRange(value).start : null));
    dispatch(setPage(1));
  };
  const onEnd = (value: string) => {
    dispatch(setEnd(value ? kyivDateRange(value).end : null));
    dispatch(setPage(1));
  };
  const today = () => {
    dispatch(setToday());
    dispatch(setPage(1));
  };

  return (
    <fieldset className={styles.filter}>
      <legend className={styles.legend}>{t.legend}</legend>
      <div className={styles.fields}>
        <div className={styles.field}>
          <label htmlFor={`${id}-from`}>{t.from}</label>
          <input
            id={`${id}-from`}
            className={`${field.input} ${styles.input}`}
            type="date"
            value={startDate}
            max={endDate || undefined}
            onChange={(event) => onStart(event.target.value)}
            aria-describedby={reversed ? `${id}-reversed` : undefined}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-to`}>{t.to}</label>
          <input
            id={`${id}-to`}
            className={`${field.input} ${styles.input}`}
            type="date"
            value={endDate}
            min={startDate || undefined}
            onChange={(event) => onEnd(event.target.value)}
            aria-describedby={reversed ? `${id}-reversed` : undefined}
          />
        </div>
      </div>
      <div className={styles.actions}>
        <button type="button" className={buttons.outline} onClick={today}>
          {t.today}
        </button>
        <button
          type="button"
          className={buttons.outline}
          onClick={() => dispatch(resetRange())}
          disabled={start === null && end === null}
        >
          {t.all}
        </button>
      </div>
      {reversed && (
        <p id={`${id}-reversed`} className={styles.warning}>
          {t.reversed}
        </p>
      )}
    </fieldset>
  );
}
