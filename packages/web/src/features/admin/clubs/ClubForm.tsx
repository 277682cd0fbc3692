import type { Club, ClubBody } from '@yedyni/contract';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../shared/api';
import { fromKyivInput, toKyivInput } from '../../../shared/lib/kyivInput';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextArea } from '../../../shared/ui/TextArea';
import { TextField } from '../../../shared/ui/TextField';
import styles from '../Admin.module.css';
import { adminTexts } from '../texts';

const t = adminTexts.clubs;

interface ClubFormProps {
  /** The club to edit; none for a new one. */
  club?: Club;
  /** Sends the body (POST or PUT); a rejection's message is shown in the form. */
  onSave: (body: ClubBody) => Promise<unknown>;
  /** «Скасувати» of an edit. */
  onCancel?: () => void;
}

interface Fields {
  title: string;
  description: string;
  city: string;
  place: string;
  link: string;
  host: string;
  start: string;
  duration: string;
  capacity: string;
}

const blank: Fields = {
  title: '',
  description: '',
  city: '',
  place: '',
  link: '',
  host: '',
  start: '',
  duration: '60',
  capacity: '12',
};

const fieldsOf = (club: Club): Fields => ({
  title: club.title,
  description: club.description,
  city: club.city,
  place: club.place,
  link: club.link,
  host: club.host,
  start: toKyivInput(club.startsAt),
  duration: String(club.durationMin),
  capacity: String(club.capacity),
});

/** A number field's value; undefined when empty (the server names what is missing). */
const numberOrUndefined = (value: string) => (value.trim() === '' ? undefined : Number(value));

/** A club's title, description, city (empty: online), place, link, host, start (Kyiv), length and seats. */
export function ClubForm({ club, onSave, onCancel }: ClubFormProps) {
  const id = useId();
  const [fields, setFields] = useState<Fields>(() => (club ? fieldsOf(club) : blank));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const set = (name: keyof Fields) => (value: string) => setFields((now) => ({ ...now, [name]: value }));
  const input = (name: keyof Fields) => ({
    value: fields[name],
    onChange: (event: { target: { value: string } }) => set(name)(event.target.value),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure('');
    // The server checks every field (and says which is wrong); the form sends what was typed.
    const body = {
      title: fields.title,
      description: fields.description,
      city: fields.city,
      place: fields.place,
      link: fields.link,
      host: fields.host,
      startsAt: fromKyivInput(fields.start) ?? undefined,
      durationMin: numberOrUndefined(fields.duration),
      capacity: numberOrUndefined(fields.capacity),
    } as ClubBody;
    try {
      await onSave(body);
      setBusy(false);
      if (!club) setFields(blank);
    } catch (error) {
      setBusy(false);
      setFailure(errorMessage(error));
    }
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.formTitle} tabIndex={-1}>
        {club ? t.editTitle(club.title) : t.createTitle}
      </h3>
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
            onChange={set('description')}
          />
        </div>
        <TextField label={t.formCity} hint={t.formCityHint} maxLength={100} {...input('city')} />
        <TextField label={t.formPlace} hint={t.formPlaceHint} maxLength={300} {...input('place')} />
        <div className={styles.wide}>
          <TextField
            label={t.formLink}
            hint={t.formLinkHint}
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={500}
            {...input('link')}
          />
        </div>
        <TextField label={t.formHost} maxLength={200} {...input('host')} />
        <TextField label={t.formStart} type="datetime-local" {...input('start')} />
        <TextField label={t.formDuration} type="number" inputMode="numeric" min={15} max={600} {...input('duration')} />
        <TextField label={t.formCapacity} type="number" inputMode="numeric" min={1} max={1000} {...input('capacity')} />
      </div>
      {failure && <Alert>{failure}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {busy ? adminTexts.common.saving : club ? t.save : t.create}
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
