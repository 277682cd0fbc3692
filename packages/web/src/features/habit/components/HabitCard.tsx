import { formatDay, type HabitSummary, kyivDateRange } from '@yedyni/contract';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../shared/ui/Button';
import buttons from '../../../shared/ui/buttons.module.css';
import surfaces from '../../../shared/ui/surfaces.module.css';
import { selectHabit } from '../habitSlice';
import { useHabitSelector } from '../hooks';
import { DAY_STATES, habitTexts as t } from '../texts';
import styles from './HabitCard.module.css';
import calendar from './StreakCalendar.module.css';

/**
 * The goal's dialog validates with the contract's schema, and with it comes zod: fetched when the
 * learner reaches for «Змінити мету», so that home's first screen carries neither (issue 23).
 */
const loadGoalDialog = () => import('./GoalDialog');
const GoalDialog = lazy(() => loadGoalDialog().then((module) => ({ default: module.GoalDialog })));

const WEEKDAYS = ['нд', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб'];

/** A Kyiv date 'YYYY-MM-DD' as its weekday and day of month (the date is a calendar day, no zone). */
function dayParts(date: string) {
  const [y, m, d] = date.split('-').map(Number);
  const weekday = WEEKDAYS[new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).getUTCDay()] ?? '';
  return { weekday, long: `${weekday}, ${formatDay(kyivDateRange(date).start)}` };
}

/**
 * Home's habit card, above «Що сьогодні»'s courses: the streak, today, the week's strip, the goal
 * and its progress, cards to repeat and the team. Its data comes with «Що сьогодні» (TodayPanel
 * fetches it); until then it keeps its place so that nothing below jumps.
 */
export default function HabitCard() {
  const habit = useHabitSelector(selectHabit);
  return (
    <section className={`${surfaces.card} ${styles.card}`} aria-labelledby="habit-title" aria-busy={habit === null}>
      <h2 id="habit-title" className={styles.title}>
        {t.title}
      </h2>
      {habit === null ? <p className={styles.muted}>{t.loading}</p> : <HabitBody habit={habit} />}
    </section>
  );
}

function HabitBody({ habit }: { habit: HabitSummary }) {
  const [editing, setEditing] = useState(false);
  const [opened, setOpened] = useState(false);
  const { streak, goal, done } = habit;
  const goalMet = done.lessons >= goal.lessons && done.repetitions >= goal.repetitions;
  return (
    <>
      <div className={styles.head}>
        <p className={styles.streak}>
          <strong>{t.streak(streak.current)}</strong>
        </p>
        <p className={styles.facts}>
          <span>{t.best(streak.best)}</span>
          <span title={t.freezesHint}>{t.freezes(streak.freezesLeft)}</span>
        </p>
      </div>
      <p className={streak.todayDone ? styles.done : styles.open}>{streak.todayDone ? t.todayDone : t.todayOpen}</p>
      <ol className={styles.week} aria-label={t.weekLabel}>
        {habit.week.map((day) => {
          const parts = dayParts(day.date);
          return (
            <li key={day.date} className={`${calendar.day} ${calendar[day.state]}`}>
              <span className={calendar.number} aria-hidden="true">
                {parts.weekday}
              </span>
              <span className={calendar.mark} aria-hidden="true">
                {DAY_STATES[day.state].mark}
              </span>
              <span className="sr-only">
                {parts.long}: {DAY_STATES[day.state].said}
              </span>
            </li>
          );
        })}
      </ol>
      <div className={styles.goal}>
        <p>
          <span className={styles.label}>{t.goalLabel}: </span>
          {goal.lessons > 0 && (
            <span>{t.goalProgress(Math.min(done.lessons, goal.lessons), goal.lessons, 'lessons')}</span>
          )}
          {goal.lessons > 0 && goal.repetitions > 0 && ' · '}
          {goal.repetitions > 0 && (
            <span>{t.goalProgress(Math.min(done.repetitions, goal.repetitions), goal.repetitions, 'repetitions')}</span>
          )}
          {goalMet && <strong className={styles.met}> {t.goalMet}</strong>}
        </p>
        <button
          type="button"
          className={buttons.text}
          onPointerEnter={loadGoalDialog}
          onFocus={loadGoalDialog}
          onClick={() => {
            setOpened(true);
            setEditing(true);
          }}
        >
          {t.changeGoal}
        </button>
      </div>
      {(habit.dueCards > 0 || habit.team) && (
        <div className={styles.more}>
          {habit.dueCards > 0 && (
            <Link to="/uk/game/repetition" className={buttonClass('secondary')}>
              {t.repeatCards(habit.dueCards)}
            </Link>
          )}
          {habit.team && <p className={styles.muted}>{t.team(habit.team.current, habit.team.members)}</p>}
        </div>
      )}
      {/* Kept once opened: closing the dialog (not unmounting it) gives focus back to the button. */}
      {opened && (
        <Suspense fallback={null}>
          <GoalDialog open={editing} goal={goal} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </>
  );
}
