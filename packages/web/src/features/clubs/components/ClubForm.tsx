import type { Club } from '@yedyni/contract';
import { type FormEvent, useId, useState } from 'react';
import { fromKyivInput, toKyivInput } from '../../../shared/lib/kyivInput';
import { Alert, Notice } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextArea } from '../../../shared/ui/TextArea';
import { TextField } from '../../../shared/ui/TextField';
import { useClubsDispatch } from '../hooks';
import { createClub, updateClub } from '../slice';
import { clubTexts as t } from '../texts';
import type { ClubInput } from '../types';
import styles from './Clubs.module.css';

interface ClubFormProps {
  /** The club to edit; none for a new one. */
  club?: Club;
  /** Closes the form: after saving an edit (with what to say), or on «Скасувати». */
  onDone: (said?: string) => void;
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

const numberOrUndefined = (value: string) => (value.trim() === '' ? undefined : Number(value));

/** Admins: a club's title, description, city (empty: online), place, link, host, start, length, seats. */
export function ClubForm({ club, onDone }: ClubFormProps) {
  const dispatch = useClubsDispatch();
  const id = useId();
  const [fields, setFields] = useState<Fields>(() => (club ? fieldsOf(club) : blank));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const set = (name: keyof Fields) => (value: string) => setFields((now) => ({ ...now, [name]: value }));
  const input = (name: keyof Fields) => ({
    value: fields[name],
    onChange: (event: { target: { value: string } }) => set(name)(event.target.value),
  });
  // A city club's saved link is shown only to those signed up: an admin editing it may not see it.
  const linkHidden = club !== undefined && club.city !== '' && club.link === '' && !club.signedUp;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(null);
    const body: ClubInput = {
      title: fields.title,
      description: fields.description,
      city: fields.city,
      place: fields.place,
      link: fields.link,
      host: fields.host,
      startsAt: fromKyivInput(fields.start) ?? undefined,
      durationMin: numberOrUndefined(fields.duration),
      capacity: numberOrUndefined(fields.capacity),
    };
    const done = club ? await dispatch(updateClub({ clubId: club._id, body })) : await dispatch(createClub(body));
    setBusy(false);
    if (done.meta.requestStatus === 'fulfilled') {
      if (club) onDone(t.saved);
      else {
        setOutcome({ ok: true, text: t.created(fields.title.trim()) });
        setFields(blank);
      }
    } else {
      setOutcome({ ok: false, text: (done.payload as string | undefined) ?? t.saveFailed });
    }
  };

  return (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={club ? undefined : `${id}-title`}
      aria-label={club ? t.editTitle(club.title) : undefined}
    >
      {!club && (
        <h2 id={`${id}-title`} className={styles.formTitle}>
          {t.createTitle}
        </h2>
      )}
      <TextField label={t.formTitle} maxLength={200} {...input('title')} />
      <TextArea
        label={t.formDescription}
        max={3000}
        rows={3}
        value={fields.description}
        onChange={set('description')}
      />
      <div className={styles.row}>
        <TextField label={t.formCity} hint={t.formCityHint} maxLength={100} {...input('city')} />
        <TextField label={t.formPlace} hint={t.formPlaceHint} maxLength={300} {...input('place')} />
      </div>
      <TextField
        label={t.formLink}
        hint={linkHidden ? `${t.formLinkHint} ${t.formLinkHidden}` : t.formLinkHint}
        type="url"
        inputMode="url"
        placeholder="https://"
        maxLength={500}
        {...input('link')}
      />
      <TextField label={t.formHost} maxLength={200} {...input('host')} />
      <div className={styles.row}>
        <TextField label={t.formStart} type="datetime-local" {...input('start')} />
        <div className={styles.row2}>
          <TextField label={t.formDuration} type="number" inputMode="numeric" {...input('duration')} />
          <TextField label={t.formCapacity} type="number" inputMode="numeric" {...input('capacity')} />
        </div>
      </div>
      {outcome && (outcome.ok ? <Notice>{outcome.text}</Notice> : <Alert>{outcome.text}</Alert>)}
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {busy ? t.saving : club ? t.save : t.create}
        </Button>
        {club && (
          <Button variant="secondary" onClick={() => onDone()} disabled={busy}>
            {t.cancelEdit}
          </Button>
        )}
      </div>
    </form>
  );
}
