import { type DailyGoal, dailyGoalSchema, GOAL_MAX, GOAL_PRESETS } from '@yedyni/contract';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { Modal } from '../../../shared/ui/Modal';
import { TextInput } from '../../../shared/ui/TextInput';
import { saveGoal } from '../habitSlice';
import { useHabitDispatch } from '../hooks';
import { habitTexts as t } from '../texts';
import styles from './HabitCard.module.css';

type Field = keyof DailyGoal;
type Problems = Partial<Record<Field, string>>;

/**
 * The goal's problems by field, the schema's own messages without the «Мета: » the legend says.
 * Plain inputs, not the console's form kit: home's chunk stays light (its shared chunks are listed
 * in /login's preload map, and /login has no room left).
 */
function problemsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Problems {
  const problems: Problems = {};
  for (const issue of issues) {
    const field = issue.path[0] === 'repetitions' ? 'repetitions' : 'lessons';
    problems[field] ??= issue.message.replace(/^Мета: /, '');
  }
  return problems;
}

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
  const [values, setValues] = useState<Record<Field, string>>({
    lessons: String(goal.lessons),
    repetitions: String(goal.repetitions),
  });
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);

  const send = async (sent: unknown) => {
    setFailure(null);
    const checked = dailyGoalSchema.safeParse(sent);
    if (!checked.success) {
      setProblems(problemsOf(checked.error.issues));
      return;
    }
    setProblems({});
    setBusy(true);
    const result = await dispatch(saveGoal(checked.data));
    setBusy(false);
    if (saveGoal.fulfilled.match(result)) {
      onClose();
      return;
    }
    const refusal = result.payload;
    const named = Object.entries(refusal?.fields ?? {}).map(([key, message]) => ({ path: [key], message }));
    if (named.length > 0) setProblems(problemsOf(named));
    else setFailure(refusal?.message ?? null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // An empty box is not 0: the schema says what is wrong with it.
    const number = (value: string) => (value.trim() === '' ? undefined : Number(value));
    void send({ lessons: number(values.lessons), repetitions: number(values.repetitions) });
  };

  return (
    <form onSubmit={submit} noValidate className={styles.form}>
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
      <fieldset className={styles.custom}>
        <legend>{t.custom}</legend>
        {(['lessons', 'repetitions'] as const).map((field) => (
          <GoalField
            key={field}
            label={t[field]}
            value={values[field]}
            problem={problems[field]}
            onChange={(value) => setValues({ ...values, [field]: value })}
          />
        ))}
      </fieldset>
      {failure && <Alert>{failure}</Alert>}
      <Button type="submit" disabled={busy}>
        {t.save}
      </Button>
    </form>
  );
}

function GoalField(props: {
  label: string;
  value: string;
  problem?: string | undefined;
  onChange: (v: string) => void;
}) {
  const id = useId();
  const problemId = `${id}-problem`;
  return (
    <TextInput
      id={id}
      label={props.label}
      type="number"
      inputMode="numeric"
      min={0}
      max={GOAL_MAX}
      value={props.value}
      aria-invalid={props.problem ? true : undefined}
      aria-describedby={props.problem ? problemId : undefined}
      onChange={(event) => props.onChange(event.target.value)}
    >
      {props.problem && (
        <span id={problemId} className={styles.problem}>
          {props.problem.charAt(0).toUpperCase() + props.problem.slice(1)}
        </span>
      )}
    </TextInput>
  );
}
