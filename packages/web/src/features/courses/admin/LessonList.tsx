import type { AdminCourseDetail, AdminLessonSummary } from '@yedyni/contract';
import { lessonOpensAt } from '@yedyni/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { Button, buttonClass } from '../../../shared/ui/Button';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction';
import { TextField } from '../../../shared/ui/TextField';
import { type Outcome, OutcomeMessage, adminStyles as shared } from '../../admin';
import { curatorApi } from '../api';
import { LessonDateForm } from '../components/WaveTools';
import { courseAdminApi } from './api';
import styles from './Courses.module.css';
import { deleteLesson } from './calls';
import { lessonPath, move, useBottomScrollPadding } from './lib';
import { Panel } from './Panel';
import { courseAdminTexts as t } from './texts';

interface LessonListProps {
  course: AdminCourseDetail;
  /** The course as the server answered after a reorder or a deletion. */
  onCourse: (course: AdminCourseDetail) => void;
}

type Direction = 'up' | 'down';

/**
 * The course's lessons: when each opens for the current wave, with its own date or by the rule.
 * Admins also open the editor, move lessons up and down (then save the order), delete and add.
 */
export function LessonList({ course, onCourse }: LessonListProps) {
  const id = useId();
  const navigate = useNavigate();
  const [order, setOrder] = useState<number[] | null>(null);
  const [said, setSaid] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const [theme, setTheme] = useState('');
  const [adding, setAdding] = useState(false);
  const [addFailure, setAddFailure] = useState<Outcome>(null);
  const [refocus, setRefocus] = useState<{ day: number; direction: Direction } | null>(null);
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  const outcomeRef = useRef<HTMLDivElement>(null);

  const byDay = new Map(course.lessons.map((lesson) => [lesson.day, lesson]));
  const savedDays = course.lessons.map((lesson) => lesson.day);
  const days = (order ?? savedDays).filter((day) => byDay.has(day));
  const reordered = order?.some((day, index) => day !== savedDays[index]) ?? false;
  const canAuthor = course.canAuthor;
  useBottomScrollPadding(canAuthor && reordered, '12rem');

  // A moved lesson's button keeps the focus (moving its row in the page would drop it); at the
  // top or the bottom, where that button is disabled, the other one takes it.
  useEffect(() => {
    if (!refocus) return;
    const other: Direction = refocus.direction === 'up' ? 'down' : 'up';
    const first = moveButtons.current.get(`${refocus.day}:${refocus.direction}`);
    const target = first && !first.disabled ? first : moveButtons.current.get(`${refocus.day}:${other}`);
    // Kept in the middle of the screen: clear of the «Зберегти порядок» bar at the bottom.
    target?.focus({ preventScroll: true });
    target?.scrollIntoView?.({ block: 'center' });
    setRefocus(null);
  }, [refocus]);

  const shift = (day: number, direction: Direction) => {
    const from = days.indexOf(day);
    const next = move(days, from, direction === 'up' ? -1 : 1);
    const lesson = byDay.get(day);
    setOrder(next);
    setOutcome(null);
    setSaid(lesson ? t.moved(lesson.theme, next.indexOf(day) + 1, next.length) : '');
    setRefocus({ day, direction });
  };

  const announce = (next: Outcome) => {
    setOutcome(next);
    // The message takes the focus when the control that led to it is gone (a deleted lesson).
    requestAnimationFrame(() => outcomeRef.current?.focus());
  };

  const saveOrder = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const saved = await courseAdminApi.orderLessons(course._id, days);
      setOrder(null);
      setSaid('');
      onCourse(saved);
      announce({ ok: true, text: t.orderSaved });
    } catch (error) {
      announce({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (lesson: AdminLessonSummary) => {
    setOutcome(null);
    try {
      const saved = await deleteLesson(course._id, lesson.day);
      setOrder(null);
      onCourse(saved);
      announce({ ok: true, text: t.removed(lesson.theme) });
    } catch (error) {
      announce({ ok: false, text: errorMessage(error) });
    }
  };

  const schedule = (day: number, scheduledDate: number | null) =>
    onCourse({
      ...course,
      lessons: course.lessons.map((lesson) =>
        lesson.day === day
          ? { ...lesson, scheduledDate, opensAt: lessonOpensAt(course.currentStart, day, scheduledDate) }
          : lesson,
      ),
    });

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setAdding(true);
    setAddFailure(null);
    try {
      const lesson = await courseAdminApi.createLesson(course._id, theme);
      navigate(lessonPath(course._id, lesson.day));
    } catch (error) {
      setAddFailure({ ok: false, text: errorMessage(error) });
      setAdding(false);
    }
  };

  return (
    <Panel title={t.lessonsTitle}>
      <p className={shared.muted}>{t.lessonsLead}</p>
      <div ref={outcomeRef} tabIndex={-1} className={styles.outcome}>
        <OutcomeMessage outcome={outcome} />
      </div>
      {days.length === 0 ? (
        <p className={shared.empty}>{t.noLessons}</p>
      ) : (
        <ol className={styles.lessons}>
          {days.map((day, index) => {
            const lesson = byDay.get(day) as AdminLessonSummary;
            return (
              <LessonItem
                key={day}
                courseId={course._id}
                currentStart={course.currentStart}
                lesson={lesson}
                place={index + 1}
                count={days.length}
                canAuthor={canAuthor}
                reordered={reordered}
                onMove={shift}
                onRemove={remove}
                onSchedule={schedule}
                registerMove={(direction, button) => {
                  const key = `${day}:${direction}`;
                  if (button) moveButtons.current.set(key, button);
                  else moveButtons.current.delete(key);
                }}
              />
            );
          })}
        </ol>
      )}
      <p className="sr-only" aria-live="polite">
        {said}
      </p>
      {canAuthor && reordered && (
        <div className={styles.orderBar}>
          <p id={`${id}-order`}>{t.orderChanged}</p>
          <div className={shared.actions}>
            <Button className={shared.slim} onClick={saveOrder} disabled={busy}>
              {busy ? t.saving : t.saveOrder}
            </Button>
            <Button
              variant="secondary"
              className={shared.slim}
              aria-describedby={`${id}-order`}
              disabled={busy}
              onClick={() => {
                setOrder(null);
                setSaid('');
              }}
            >
              {t.resetOrder}
            </Button>
          </div>
        </div>
      )}
      {canAuthor && (
        <form className={styles.addForm} onSubmit={add} noValidate aria-label={t.addLesson}>
          <TextField
            label={t.addTheme}
            hint={t.addHint}
            maxLength={200}
            required
            value={theme}
            onChange={(event) => setTheme(event.target.value)}
          />
          <OutcomeMessage outcome={addFailure} />
          <div className={shared.actions}>
            <Button type="submit" disabled={adding || reordered}>
              {adding ? t.adding : t.addLesson}
            </Button>
          </div>
        </form>
      )}
    </Panel>
  );
}

interface LessonItemProps {
  courseId: string;
  currentStart: number;
  lesson: AdminLessonSummary;
  /** Its place in the list as shown (1-based), and how many there are. */
  place: number;
  count: number;
  canAuthor: boolean;
  /** The order on screen is not the saved one: deleting waits until it is saved or reset. */
  reordered: boolean;
  onMove: (day: number, direction: Direction) => void;
  onRemove: (lesson: AdminLessonSummary) => Promise<void>;
  onSchedule: (day: number, scheduledDate: number | null) => void;
  registerMove: (direction: Direction, button: HTMLButtonElement | null) => void;
}

function LessonItem({
  courseId,
  currentStart,
  lesson,
  place,
  count,
  canAuthor,
  reordered,
  onMove,
  onRemove,
  onSchedule,
  registerMove,
}: LessonItemProps) {
  const id = useId();
  const titleId = `${id}-theme`;
  const [scheduling, setScheduling] = useState(false);
  const moved = place !== lesson.day;
  return (
    <li className={moved ? `${styles.lesson} ${styles.moved}` : styles.lesson}>
      <div className={styles.lessonHead}>
        <span className={styles.day}>{t.day(place)}</span>
        <h4 id={titleId} className={styles.lessonTheme}>
          {lesson.theme}
        </h4>
      </div>
      <p className={styles.opens}>
        {t.opensAt(lesson.opensAt)}
        <span className={lesson.scheduledDate !== null ? styles.byCurator : styles.byRule}>
          {lesson.scheduledDate !== null ? t.byCurator : t.byRule}
        </span>
        {moved && <span className={styles.wasDay}>{t.wasDay(lesson.day)}</span>}
      </p>
      <div className={styles.lessonActions}>
        <Button
          variant="secondary"
          className={shared.slim}
          aria-expanded={scheduling}
          aria-controls={`${id}-schedule`}
          aria-describedby={titleId}
          onClick={() => setScheduling(!scheduling)}
        >
          {t.schedule}
        </Button>
        {canAuthor && (
          <>
            <Link
              className={`${buttonClass('secondary')} ${shared.slim}`}
              to={lessonPath(courseId, lesson.day)}
              aria-label={t.editLesson(lesson.day, lesson.theme)}
            >
              {t.edit}
            </Link>
            <span className={styles.moveButtons}>
              <button
                ref={(button) => registerMove('up', button)}
                type="button"
                className={shared.move}
                disabled={place === 1}
                aria-label={t.moveUp(lesson.theme)}
                onClick={() => onMove(lesson.day, 'up')}
              >
                <span aria-hidden="true">↑</span> {t.up}
              </button>
              <button
                ref={(button) => registerMove('down', button)}
                type="button"
                className={shared.move}
                disabled={place === count}
                aria-label={t.moveDown(lesson.theme)}
                onClick={() => onMove(lesson.day, 'down')}
              >
                <span aria-hidden="true">↓</span> {t.down}
              </button>
            </span>
            <ConfirmAction
              label={t.remove}
              question={t.removeQuestion(lesson.day, lesson.theme)}
              confirm={t.removeYes}
              onConfirm={() => onRemove(lesson)}
              disabled={reordered}
              describedBy={titleId}
              compact
            />
          </>
        )}
      </div>
      <div id={`${id}-schedule`} hidden={!scheduling}>
        {scheduling && (
          <ScheduleForm courseId={courseId} currentStart={currentStart} lesson={lesson} onSchedule={onSchedule} />
        )}
      </div>
    </li>
  );
}

/** When a lesson opens for the current wave (Kyiv date and time); clearing returns it to the rule. */
function ScheduleForm({
  courseId,
  currentStart,
  lesson,
  onSchedule,
}: {
  courseId: string;
  /** The current wave's start: the rule's date after clearing. */
  currentStart: number;
  lesson: AdminLessonSummary;
  onSchedule: (day: number, scheduledDate: number | null) => void;
}) {
  const send = async (scheduledDate: number | null) => {
    const answer = await curatorApi.setLessonDate({ courseId, lessonId: String(lesson.day), scheduledDate });
    onSchedule(lesson.day, answer.scheduledDate);
    if (answer.scheduledDate !== null) return { text: t.scheduleSaved(lesson.day, answer.scheduledDate) };
    return { text: t.scheduleCleared(lesson.day), opensAt: lessonOpensAt(currentStart, lesson.day, null) };
  };

  return (
    <LessonDateForm
      lesson={lesson}
      send={send}
      texts={t.lessonDate}
      classes={{ form: styles.subform, actions: shared.actions, button: shared.slim, hint: shared.muted }}
      noValidate
    />
  );
}
