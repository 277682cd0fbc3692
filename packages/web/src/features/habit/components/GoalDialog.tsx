import { type DailyGoal, dailyGoalSchema, GOAL_MAX, GOAL_PRESETS } from '@yedyni/contract';
import { type FormEvent, useState } from 'react';
import { checkWith } from '../../../shared/lib/formCheck';
import { useFormErrors } from '../../../shared/lib/useFormErrors';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { FieldErrorsContext } from '../../../shared/ui/FieldErrors';
import { Modal } from '../../../shared/ui/Modal';
import { NumberField } from '../../../shared/ui/TextField';
import { saveGoal } from '../habitSlice';
import { useHabitDispatch } from '../hooks';
import { habitTexts as t } from '../texts';
import styles from './HabitCard.module.css';

const check = checkWith(dailyGoalSchema);
const RANGE = { min: 0, max: GOAL_MAX };

/** «Змінити мету»: a preset with one tap, or one's own numbers; saved by the server, its refusal shown. */
export function GoalDialog({ open, goal, onClose }: { open: boolean; goal: DailyGoal; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title={t.dialogTitle} closeLabel={t.cancel}>
      <GoalForm goal={goal} onClose={onClose} />
    </Modal>
  );
}

function GoalForm({ goal, onClose }: { goal: DailyGoal; onClose: () => void }) {
  const dispatch = useHabitDispatch();
  const [lessons, setLessons] = useState(String(goal.lessons));
  const [repetitions, setRepetitions] = useState(String(goal.repetitions));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // An empty box is not 0: the schema says what is wrong with it.
  const body = {
    lessons: lessons === '' ? undefined : Number(lessons),
    repetitions: repetitions === '' ? undefined : Number(repetitions),
  };
  const { errors, form, onInput, begin, refused } = useFormErrors(body, check);

  const send = async (sent: DailyGoal | typeof body) => {
    setFailure(null);
    if (!begin(sent)) return;
    setBusy(true);
    // Checked by the schema above: what is sent is a goal.
    const result = await dispatch(saveGoal(sent as DailyGoal));
    setBusy(false);
    if (saveGoal.fulfilled.match(result)) {
      onClose();
      return;
    }
    const refusal = result.payload;
    if (!refused(refusal?.fields)) setFailure(refusal?.message ?? null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(body);
  };

  return (
    <form ref={form} onInput={onInput} onSubmit={submit} noValidate className={styles.form}>
      <p className={styles.muted}>{t.dialogLead}</p>
      <fieldset className={styles.presets}>
        <legend>{t.presets}</legend>
        {GOAL_PRESETS.map((preset) => (
          <Button
            key={preset.title}
            variant="secondary"
            disabled={busy}
            aria-pressed={preset.goal.lessons === goal.lessons && preset.goal.repetitions === goal.repetitions}
            onClick={() => void send(preset.goal)}
          >
            {preset.title}: {t.presetGoal(preset.goal.lessons, preset.goal.repetitions)}
          </Button>
        ))}
      </fieldset>
      <FieldErrorsContext.Provider value={errors}>
        <fieldset className={styles.custom}>
          <legend>{t.custom}</legend>
          <NumberField
            name="lessons"
            label={t.lessons}
            range={RANGE}
            value={lessons}
            onChange={(e) => setLessons(e.target.value)}
          />
          <NumberField
            name="repetitions"
            label={t.repetitions}
            range={RANGE}
            value={repetitions}
            onChange={(e) => setRepetitions(e.target.value)}
          />
        </fieldset>
      </FieldErrorsContext.Provider>
      {failure && <Alert>{failure}</Alert>}
      <Button type="submit" disabled={busy}>
        {t.save}
      </Button>
    </form>
  );
}
