import { type AdminOlympiad, OLYMPIAD_DURATION_MIN, OLYMPIAD_TASKS, olympiadBodySchema } from '@yedyni/contract';
import { checkWith } from '../../../shared/lib/formCheck';
import { fromKyivInput, toKyivInput } from '../../../shared/lib/kyivInput';
import { NumberField, TextField } from '../../../shared/ui/TextField';
import {
  AdminForm,
  adminTexts,
  type EditFormProps,
  NameFields,
  numberOrUndefined,
  adminStyles as styles,
  useEditFields,
} from '../../admin';
import type { OlympiadInput } from './api';
import { olympiadAdminTexts } from './texts';

const t = olympiadAdminTexts;

interface OlympiadFormProps extends EditFormProps<OlympiadInput> {
  /** The olympiad to change; none to schedule a new one. */
  olympiad?: AdminOlympiad;
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

const bodyOf = (fields: Fields): OlympiadInput => ({
  title: fields.title,
  description: fields.description,
  startsAt: fromKyivInput(fields.start) ?? undefined,
  endsAt: fromKyivInput(fields.end) ?? undefined,
  durationMin: numberOrUndefined(fields.duration),
  taskCount: numberOrUndefined(fields.tasks),
});

const check = checkWith(olympiadBodySchema);

/** Title, description, start and end (Kyiv wall time), minutes per attempt, number of tasks. */
export function OlympiadForm({ olympiad, onSave, onCancel }: OlympiadFormProps) {
  const form = useEditFields({ record: olympiad, blank, fieldsOf, bodyOf, onSave });
  const { input } = form;

  return (
    <AdminForm
      title={olympiad ? t.editTitle(olympiad.title) : t.schedule}
      focusable
      send={form.send}
      body={form.body}
      check={check}
      submit={olympiad ? adminTexts.common.save : t.create}
      onCancel={onCancel}
    >
      {!olympiad && <p className={styles.muted}>{t.lead}</p>}
      <div className={styles.grid}>
        <NameFields texts={t} form={form} />
        <TextField label={t.formStart} name="startsAt" type="datetime-local" {...input('start')} />
        <TextField label={t.formEnd} name="endsAt" type="datetime-local" {...input('end')} />
        <NumberField label={t.formDuration} name="durationMin" range={OLYMPIAD_DURATION_MIN} {...input('duration')} />
        <NumberField label={t.formTasks} name="taskCount" range={OLYMPIAD_TASKS} {...input('tasks')} />
      </div>
    </AdminForm>
  );
}
