import type { Course, Lesson } from '@yedyni/contract';
import { type FormEvent, useId, useState } from 'react';
import { fromKyivInput, toKyivInput } from '../../../shared/lib/kyivInput';
import { Alert, Notice } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/TextField';
import { rescheduleLesson, updateNextWave } from '../courseSlice';
import { useCoursesDispatch } from '../hooks';
import { courseTexts as t } from '../texts';
import styles from './CuratorTools.module.css';

type Outcome = { ok: true; text: string } | { ok: false; text: string } | null;

function OutcomeMessage({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return outcome.ok ? <Notice>{outcome.text}</Notice> : <Alert>{outcome.text}</Alert>;
}

/** «Запланувати»: when a lesson opens, as a date and time in Kyiv; «Скинути» returns it to the wave's schedule. */
export function LessonSchedule({
  course,
  lesson,
  describedBy,
}: {
  course: Course;
  lesson: Lesson;
  describedBy: string;
}) {
  const dispatch = useCoursesDispatch();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(() => toKyivInput(lesson.opensAt));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const panelId = useId();

  const send = async (scheduledDate: number | null) => {
    setBusy(true);
    setOutcome(null);
    const result = await dispatch(rescheduleLesson({ courseId: course._id, lessonId: lesson.day, scheduledDate }));
    setBusy(false);
    if (rescheduleLesson.fulfilled.match(result)) {
      setOutcome({
        ok: true,
        text: scheduledDate === null ? t.scheduleCleared(lesson.day) : t.scheduleSaved(lesson.day, scheduledDate),
      });
    } else {
      setOutcome({ ok: false, text: result.payload ?? t.courseFailed });
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const at = fromKyivInput(value);
    if (at === null) setOutcome({ ok: false, text: t.needDate });
    else send(at);
  };

  const toggle = () => {
    if (!open) {
      setValue(toKyivInput(lesson.opensAt));
      setOutcome(null);
    }
    setOpen(!open);
  };

  return (
    <div className={styles.schedule}>
      <Button
        variant="secondary"
        className={styles.small}
        aria-expanded={open}
        aria-controls={panelId}
        aria-describedby={describedBy}
        onClick={toggle}
      >
        {t.schedule}
      </Button>
      <div id={panelId} hidden={!open}>
        {open && (
          <form className={styles.form} onSubmit={onSubmit} aria-label={t.scheduleTitle(lesson.day)}>
            <TextField
              label={t.scheduleLabel}
              type="datetime-local"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              required
            />
            <div className={styles.actions}>
              <Button type="submit" disabled={busy}>
                {t.scheduleSave}
              </Button>
              <Button variant="secondary" disabled={busy || lesson.scheduledDate === null} onClick={() => send(null)}>
                {t.scheduleReset}
              </Button>
            </div>
            <p className={styles.hint}>{t.scheduleResetHint}</p>
            <OutcomeMessage outcome={outcome} />
          </form>
        )}
      </div>
    </div>
  );
}

/** «Оголосити наступну хвилю»: its number and start in Kyiv; the announcement can be withdrawn. */
export function NextWaveForm({ course }: { course: Course }) {
  const dispatch = useCoursesDispatch();
  const [wave, setWave] = useState('');
  const [start, setStart] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const titleId = useId();

  const send = async (nextWave: string | null, nextStart: number | null) => {
    setBusy(true);
    setOutcome(null);
    const result = await dispatch(updateNextWave({ courseId: course._id, nextWave, nextStart }));
    setBusy(false);
    if (updateNextWave.fulfilled.match(result)) {
      const { nextWave: label, nextStart: at } = result.payload;
      setOutcome({ ok: true, text: label !== null && at !== null ? t.announced(label, at) : t.announcementCancelled });
      setWave('');
      setStart('');
    } else {
      setOutcome({ ok: false, text: result.payload ?? t.courseFailed });
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const at = fromKyivInput(start);
    if (!wave.trim() || at === null) setOutcome({ ok: false, text: t.needWave });
    else send(wave.trim(), at);
  };

  const announced = course.nextWave !== null && course.nextStart !== null;

  return (
    <div className={styles.wave}>
      <h3 id={titleId}>{t.nextWave}</h3>
      <p className={styles.hint}>{t.currentWave(course.currentWave)}</p>
      {announced ? (
        <div className={styles.announcement}>
          <p>{t.announced(course.nextWave ?? '', course.nextStart ?? 0)}</p>
          <Button variant="secondary" disabled={busy} onClick={() => send(null, null)}>
            {t.cancelAnnouncement}
          </Button>
        </div>
      ) : (
        <p className={styles.hint}>{t.noAnnouncement}</p>
      )}
      <form className={styles.form} onSubmit={onSubmit} aria-labelledby={titleId}>
        <div className={styles.row}>
          <TextField
            label={t.nextWaveNumber}
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            value={wave}
            onChange={(event) => setWave(event.target.value)}
            required
          />
          <TextField
            label={t.nextWaveStart}
            type="datetime-local"
            value={start}
            onChange={(event) => setStart(event.target.value)}
            required
          />
        </div>
        <Button type="submit" disabled={busy} className={styles.submit}>
          {t.announce}
        </Button>
        <OutcomeMessage outcome={outcome} />
      </form>
    </div>
  );
}
