import { type CalendarState, formatDay, kyivDateRange } from '@yedyni/contract';
import { useId } from 'react';
import layout from '../../../shared/ui/layout.module.css';
import { DAY_STATES, habitTexts as t } from '../texts';
import styles from './StreakCalendar.module.css';

interface StreakCalendarProps {
  /** The days in order (a wave's 28, or home's week), each with its state. */
  days: readonly { date: string; state: CalendarState }[];
  /** The calendar's name for screen readers (the course, say). */
  label: string;
  /** Without it the legend is left to the caller (a short strip beside one that has it). */
  legend?: boolean;
}

/**
 * The legend's order. Written out rather than the contract's CALENDAR_STATES: habit.ts would bring
 * its zod schemas into this chunk, and with them a new shared chunk /login's entry has to name.
 * «До вступу» is named only when the calendar has such days.
 */
const LEGEND: readonly CalendarState[] = ['done', 'today', 'frozen', 'missed', 'future', 'before'];

/** Monday 0 … Sunday 6 of a Kyiv date (calendar arithmetic, no time zone). */
const weekdayOf = (isoDate: string) => (new Date(`${isoDate}T00:00:00Z`).getUTCDay() + 6) % 7;

/**
 * The streak calendar: a week to a row from Monday, each day with its number and a mark, so that
 * done, frozen, missed, today and future differ by shape and text as well as by colour, and a
 * screen reader hears each day's date and state in words.
 */
export function StreakCalendar({ days, label, legend = true }: StreakCalendarProps) {
  const legendId = useId();
  const first = days[0];
  const blanks = first ? weekdayOf(first.date) : 0;
  return (
    <div className={styles.calendar}>
      <div className={styles.weekdays} aria-hidden="true">
        {t.weekdays.map((day) => (
          <span key={day}>{day}</span>
        ))}
      </div>
      <ol className={styles.grid} aria-label={label} aria-describedby={legend ? legendId : undefined}>
        {days.map((day, i) => {
          const words = DAY_STATES[day.state];
          return (
            <li
              key={day.date}
              className={`${styles.day} ${styles[day.state]}`}
              style={i === 0 && blanks > 0 ? { gridColumnStart: blanks + 1 } : undefined}
            >
              <span aria-hidden="true" className={styles.number}>
                {Number(day.date.slice(8))}
              </span>
              <span aria-hidden="true" className={styles.mark}>
                {words.mark}
              </span>
              <span className="sr-only">
                {formatDay(kyivDateRange(day.date).start)}: {words.said}
              </span>
            </li>
          );
        })}
      </ol>
      {legend && (
        <ul id={legendId} className={`${layout.list} ${styles.legend}`} aria-label={t.legend}>
          {LEGEND.filter((state) => state !== 'before' || days.some((d) => d.state === 'before')).map((state) => (
            <li key={state}>
              <span aria-hidden="true" className={`${styles.swatch} ${styles[state]}`}>
                {DAY_STATES[state].mark}
              </span>
              {DAY_STATES[state].name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
