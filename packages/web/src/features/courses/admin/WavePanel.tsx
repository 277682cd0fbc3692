import type { AdminCourseDetail } from '@yedyni/contract';
import { formatLongDate } from '@yedyni/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { toKyivInput } from '../../../shared/lib/kyivInput';
import { Button } from '../../../shared/ui/Button';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction';
import layout from '../../../shared/ui/layout.module.css';
import { TextField } from '../../../shared/ui/TextField';
import { OutcomeMessage, adminStyles as shared } from '../../admin';
import { curatorApi } from '../api';
import { useNextWaveForm } from '../components/WaveTools';
import styles from './Courses.module.css';
import { Panel } from './Panel';
import { courseAdminTexts as t } from './texts';

interface WavePanelProps {
  course: AdminCourseDetail;
  /** The next wave as the server now has it. */
  onNext: (nextWave: string | null, nextStart: number | null) => void;
}

/** Curators and admins: the current wave, and the next one announced, changed or withdrawn. */
export function WavePanel({ course, onNext }: WavePanelProps) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const announced = course.nextWave !== null && course.nextStart !== null;

  // The form takes the focus when it opens and gives it back to its opener when it closes.
  useEffect(() => {
    if (editing) document.getElementById(`${id}-label`)?.focus();
    else if (wasEditing.current) opener.current?.focus();
    wasEditing.current = editing;
  }, [editing, id]);

  const { label, setLabel, start, setStart, busy, outcome, setOutcome, onSubmit, withdraw } = useNextWaveForm(
    async (nextWave, nextStart) => {
      const answer = await curatorApi.setNextWave({ courseId: course._id, nextWave, nextStart });
      onNext(answer.nextWave, answer.nextStart);
      setEditing(false);
      // A withdrawal removes the button that asked: the focus goes to «Оголосити наступну хвилю».
      if (answer.nextWave === null) requestAnimationFrame(() => opener.current?.focus());
      return answer.nextWave !== null && answer.nextStart !== null
        ? t.announced(answer.nextWave, answer.nextStart)
        : t.withdrawn;
    },
    t.needWave,
  );

  const open = () => {
    setLabel(course.nextWave ?? '');
    setStart(course.nextStart !== null ? toKyivInput(course.nextStart) : '');
    setOutcome(null);
    setEditing(true);
  };

  return (
    <Panel title={t.waves}>
      <dl className={layout.facts}>
        <div>
          <dt>{t.currentWave}</dt>
          <dd>{course.currentWave}</dd>
        </div>
        <div>
          <dt>{t.currentStart}</dt>
          <dd>{formatLongDate(course.currentStart)}</dd>
        </div>
        <div>
          <dt>{t.nextWave}</dt>
          <dd>{announced ? t.nextAnnounced(course.nextWave ?? '', course.nextStart ?? 0) : t.nextNone}</dd>
        </div>
      </dl>
      {!editing && (
        <div className={shared.actions}>
          <Button ref={opener} variant="secondary" aria-expanded={false} aria-controls={`${id}-form`} onClick={open}>
            {announced ? t.change : t.announce}
          </Button>
          {announced && (
            <ConfirmAction
              label={t.withdraw}
              question={t.withdrawQuestion}
              confirm={t.withdrawYes}
              cancel={t.withdrawNo}
              onConfirm={withdraw}
            />
          )}
        </div>
      )}
      <div id={`${id}-form`} hidden={!editing}>
        {editing && (
          <form className={styles.subform} onSubmit={onSubmit} noValidate aria-label={t.nextFormTitle}>
            <div className={shared.pair}>
              <TextField
                id={`${id}-label`}
                label={t.nextLabel}
                hint={t.fieldWaveHint}
                autoComplete="off"
                maxLength={20}
                required
                value={label}
                onChange={(event) => setLabel(event.target.value)}
              />
              <TextField
                label={t.nextStart}
                type="datetime-local"
                required
                value={start}
                onChange={(event) => setStart(event.target.value)}
              />
            </div>
            <div className={shared.actions}>
              <Button type="submit" disabled={busy}>
                {busy ? t.saving : t.nextSave}
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => setEditing(false)}>
                {t.cancel}
              </Button>
            </div>
          </form>
        )}
      </div>
      <OutcomeMessage outcome={outcome} />
    </Panel>
  );
}
