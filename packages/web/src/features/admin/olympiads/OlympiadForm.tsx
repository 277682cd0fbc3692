import type { AdminOlympiad } from '@yedyni/contract';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../shared/api';
import { fromKyivInput, toKyivInput } from '../../../shared/lib/kyivInput';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextArea } from '../../../shared/ui/TextArea';
import { TextField } from '../../../shared/ui/TextField';
import styles from '../Admin.module.css';
import type { OlympiadInput } from '../api';
import { adminTexts } from '../texts';

const t = adminTexts.olympiads;

interface OlympiadFormProps {
  /** The olympiad to change; none to schedule a new one. */
  olympiad?: AdminOlympiad;
  /** Sends the body (POST or PUT); a rejection's message is shown in the form. */
  onSave: (body: OlympiadInput) => Promise<unknown>;
  /** «Скасувати» of an edit. */
  onCancel?: () => void;
}

interface Fields {
  title: string;
  description: string;
  start: string;
  end: string;
  duration: string;
  tasks: string;
}

const blank: Fields = { title: '', description: '', start: '', end: '', duration: '20', tasks: '10' };

const fieldsOf = (olympiad: AdminOlympiad): Fields => ({
  title: olympiad.title,
  description: olympiad.description,
  start: toKyivInput(olympiad.startsAt),
  end: toKyivInput(olympiad.endsAt),
  duration: String(Math.round(olympiad.durationMs / 60_000)),
  tasks: String(olympiad.taskCount),
});

const numberOrUndefined = (value: string) => (value.trim() === '' ? undefined : Number(value));

/** Title, description, start and end (Kyiv wall time), minutes per attempt, number of tasks. */
export function OlympiadForm({ olympiad, onSave, onCancel }: OlympiadFormProps) {
  const id = useId();
  const [fields, setFields] = useState<Fields>(() => (olympiad ? fieldsOf(olympiad) : blank));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const input = (name: keyof Fields) => ({
    value: fields[name],
    onChange: (event: { target: { value: string } }) => setFields((now) => ({ ...now, [name]: event.target.value })),
  });
  const heading = olympiad ? t.editTitle(olympiad.title) : t.schedule;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure('');
    try {
      await onSave({
        title: fields.title,
        description: fields.description,
        startsAt: fromKyivInput(fields.start) ?? undefined,
        endsAt: fromKyivInput(fields.end) ?? undefined,
        durationMin: numberOrUndefined(fields.duration),
        taskCount: numberOrUndefined(fields.tasks),
      });
      setBusy(false);
      if (!olympiad) setFields(blank);
    } catch (error) {
      setBusy(false);
      setFailure(errorMessage(error));
    }
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.formTitle} tabIndex={-1}>
        {heading}
      </h3>
      {!olympiad && <p className={styles.muted}>{t.lead}</p>}
      <div className={styles.grid}>
        <div className={styles.wide}>
          <TextField label={t.formTitle} maxLength={200} {...input('title')} />
        </div>
        <div className={styles.wide}>
          <TextArea
            label={t.formDescription}
            max={3000}
            rows={3}
            value={fields.description}
            onChange={(value) => setFields((now) => ({ ...now, description: value }))}
          />
        </div>
        <TextField label={t.formStart} type="datetime-local" {...input('start')} />
        <TextField label={t.formEnd} type="datetime-local" {...input('end')} />
        <TextField label={t.formDuration} type="number" inputMode="numeric" min={1} max={180} {...input('duration')} />
        <TextField label={t.formTasks} type="number" inputMode="numeric" min={3} max={30} {...input('tasks')} />
      </div>
      {failure && <Alert>{failure}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {busy ? adminTexts.common.saving : olympiad ? adminTexts.common.save : t.create}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {adminTexts.common.cancel}
          </Button>
        )}
      </div>
    </form>
  );
}
