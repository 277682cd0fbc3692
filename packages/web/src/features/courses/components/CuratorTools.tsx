import type { Course, Lesson } from '@yedyni/contract';
import { useId, useState } from 'react';
import { Button } from '../../../shared/ui/Button';
import { OutcomeMessage } from '../../../shared/ui/Outcome';
import { TextField } from '../../../shared/ui/TextField';
import { rescheduleLesson, updateNextWave } from '../courseSlice';
import { useCoursesDispatch } from '../hooks';
import { courseTexts as t } from '../texts';
import styles from './CuratorTools.module.css';
import { LessonDateForm, useNextWaveForm } from './WaveTools';

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
  const panelId = useId();

  const send = async (scheduledDate: number | null) => {
    await dispatch(rescheduleLesson({ courseId: course._id, lessonId: lesson.day, scheduledDate })).unwrap();
    return {
      text: scheduledDate === null ? t.scheduleCleared(lesson.day) : t.scheduleSaved(lesson.day, scheduledDate),
    };
  };

  return (
    <div className={styles.schedule}>
      <Button
        variant="secondary"
        className={styles.small}
        aria-expanded={open}
        aria-controls={panelId}
        aria-describedby={describedBy}
        onClick={() => setOpen(!open)}
      >
        {t.schedule}
      </Button>
      <div id={panelId} hidden={!open}>
        {open && (
          <LessonDateForm
            lesson={lesson}
            send={send}
            texts={t.lessonDate}
            classes={{ form: styles.form, actions: styles.actions, hint: styles.hint }}
          />
        )}
      </div>
    </div>
  );
}

/** «Оголосити наступну хвилю»: its number and start in Kyiv; the announcement can be withdrawn. */
export function NextWaveForm({ course }: { course: Course }) {
  const dispatch = useCoursesDispatch();
  const titleId = useId();
  const { label, setLabel, start, setStart, busy, outcome, onSubmit, withdraw } = useNextWaveForm(
    async (nextWave, nextStart) => {
      const answer = await dispatch(updateNextWave({ courseId: course._id, nextWave, nextStart })).unwrap();
      return answer.nextWave !== null && answer.nextStart !== null
        ? t.announced(answer.nextWave, answer.nextStart)
        : t.announcementCancelled;
    },
    t.needWave,
  );

  const announced = course.nextWave !== null && course.nextStart !== null;

  return (
    <div className={styles.wave}>
      <h3 id={titleId}>{t.nextWave}</h3>
      <p className={styles.hint}>{t.currentWave(course.currentWave)}</p>
      {announced ? (
        <div className={styles.announcement}>
          <p>{t.announced(course.nextWave ?? '', course.nextStart ?? 0)}</p>
          <Button variant="secondary" disabled={busy} onClick={withdraw}>
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
            value={label}
            onChange={(event) => setLabel(event.target.value)}
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
