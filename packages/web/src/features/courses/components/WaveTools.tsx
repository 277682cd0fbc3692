import { type FormEvent, useState } from 'react';
import { fromKyivInput, toKyivInput } from '../../../shared/lib/kyivInput';
import { Button } from '../../../shared/ui/Button';
import { OutcomeMessage, useOutcome } from '../../../shared/ui/Outcome';
import { TextField } from '../../../shared/ui/TextField';

// The curators' wave tools, one of each for the two screens that offer them: the course screen
// (./CuratorTools.tsx, through courseSlice) and the console's course page (../admin/WavePanel.tsx,
// ../admin/LessonList.tsx). Both send through the one client, ../api.ts `curatorApi`; what differs
// (their words, their classes, what happens after) is passed in.

/**
 * The next wave's form: its number and start (Kyiv), the check that both are given (`needWave`),
 * and the announcement or the withdrawal (both null) with its busy state and outcome. `send`
 * resolves to the outcome's text; after a success the fields are emptied.
 */
export function useNextWaveForm(
  send: (nextWave: string | null, nextStart: number | null) => Promise<string>,
  needWave: string,
) {
  const [label, setLabel] = useState('');
  const [start, setStart] = useState('');
  const { busy, outcome, setOutcome, run } = useOutcome();

  const sendNext = (nextWave: string | null, nextStart: number | null) =>
    run(async () => {
      const text = await send(nextWave, nextStart);
      setLabel('');
      setStart('');
      return text;
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const at = fromKyivInput(start);
    if (!label.trim() || at === null) setOutcome({ ok: false, text: needWave });
    else sendNext(label.trim(), at);
  };

  return {
    label,
    setLabel,
    start,
    setStart,
    busy,
    outcome,
    setOutcome,
    onSubmit,
    withdraw: () => sendNext(null, null),
  };
}

/** The words of a lesson's date form (the course screen's and the console's differ). */
export interface LessonDateTexts {
  /** The form's name. */
  title: (day: string | number) => string;
  label: string;
  save: string;
  /** Back to the wave's rule. */
  reset: string;
  hint: string;
  needDate: string;
}

interface LessonDateFormProps {
  /**
   * The lesson: its day, when it opens now (the field's first value), and its curator's date, if
   * any (otherwise there is nothing to reset).
   */
  lesson: { day: string | number; opensAt: number; scheduledDate: number | null };
  /**
   * Sends the date (null: back to the rule); resolves to the outcome's text, and to the date the
   * field shows from now on when that is another one.
   */
  send: (scheduledDate: number | null) => Promise<{ text: string; opensAt?: number }>;
  texts: LessonDateTexts;
  classes: { form?: string; actions?: string; button?: string; hint?: string };
  noValidate?: boolean;
}

/** When a lesson opens for the current wave: a date and time in Kyiv, or back to the wave's rule. */
export function LessonDateForm({ lesson, send, texts, classes, noValidate }: LessonDateFormProps) {
  const [value, setValue] = useState(() => toKyivInput(lesson.opensAt));
  const { busy, outcome, setOutcome, run } = useOutcome();

  const sendDate = (scheduledDate: number | null) =>
    run(async () => {
      const answer = await send(scheduledDate);
      if (answer.opensAt !== undefined) setValue(toKyivInput(answer.opensAt));
      return answer.text;
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const at = fromKyivInput(value);
    if (at === null) setOutcome({ ok: false, text: texts.needDate });
    else sendDate(at);
  };

  return (
    <form className={classes.form} onSubmit={onSubmit} noValidate={noValidate} aria-label={texts.title(lesson.day)}>
      <TextField
        label={texts.label}
        type="datetime-local"
        required
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <div className={classes.actions}>
        <Button type="submit" className={classes.button} disabled={busy}>
          {texts.save}
        </Button>
        <Button
          variant="secondary"
          className={classes.button}
          disabled={busy || lesson.scheduledDate === null}
          onClick={() => sendDate(null)}
        >
          {texts.reset}
        </Button>
      </div>
      <p className={classes.hint}>{texts.hint}</p>
      <OutcomeMessage outcome={outcome} />
    </form>
  );
}
