import { CLUB_CAPACITY, CLUB_DURATION_MIN, type Club, type ClubBody, clubBodySchema } from '@yedyni/contract';
import { checkWith } from '../../../shared/lib/formCheck';
import { fromKyivInput, toKyivInput } from '../../../shared/lib/kyivInput';
import { NumberField, TextField } from '../../../shared/ui/TextField';
import {
  AdminForm,
  type EditFormProps,
  NameFields,
  numberOrUndefined,
  adminStyles as styles,
  useEditFields,
} from '../../admin';
import { clubAdminTexts } from './texts';

const t = clubAdminTexts;

interface ClubFormProps extends EditFormProps<ClubBody> {
  /** The club to edit; none for a new one. */
  club?: Club;
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

// The form checks every field by the contract before sending (and the server again); it sends what was typed.
const bodyOf = (fields: Fields) =>
  ({
    title: fields.title,
    description: fields.description,
    city: fields.city,
    place: fields.place,
    link: fields.link,
    host: fields.host,
    startsAt: fromKyivInput(fields.start) ?? undefined,
    durationMin: numberOrUndefined(fields.duration),
    capacity: numberOrUndefined(fields.capacity),
  }) as ClubBody;

const check = checkWith(clubBodySchema);

/** A club's title, description, city (empty: online), place, link, host, start (Kyiv), length and seats. */
export function ClubForm({ club, onSave, onCancel }: ClubFormProps) {
  const form = useEditFields({ record: club, blank, fieldsOf, bodyOf, onSave });
  const { input } = form;

  return (
    <AdminForm
      title={club ? t.editTitle(club.title) : t.createTitle}
      focusable
      send={form.send}
      body={form.body}
      check={check}
      submit={club ? t.save : t.create}
      onCancel={onCancel}
    >
      <div className={styles.grid}>
        <NameFields texts={t} form={form} />
        <TextField label={t.formCity} name="city" hint={t.formCityHint} maxLength={100} {...input('city')} />
        <TextField label={t.formPlace} name="place" hint={t.formPlaceHint} maxLength={300} {...input('place')} />
        <div className={styles.wide}>
          <TextField
            label={t.formLink}
            name="link"
            hint={t.formLinkHint}
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={500}
            {...input('link')}
          />
        </div>
        <TextField label={t.formHost} name="host" maxLength={200} {...input('host')} />
        <TextField label={t.formStart} name="startsAt" type="datetime-local" {...input('start')} />
        <NumberField label={t.formDuration} name="durationMin" range={CLUB_DURATION_MIN} {...input('duration')} />
        <NumberField label={t.formCapacity} name="capacity" range={CLUB_CAPACITY} {...input('capacity')} />
      </div>
    </AdminForm>
  );
}
