import type { AdminClubs, Club, ClubBody, ClubSignups } from '@yedyni/contract';
import { formatDateTime } from '@yedyni/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api';
import { Alert, Notice } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import layout from '../../../shared/ui/layout.module.css';
import surfaces from '../../../shared/ui/surfaces.module.css';
import { adminTexts, Badge, FormToggle, ListState, adminStyles as styles, useAdminQuery } from '../../admin';
import { ClubFact, ClubFacts } from '../components/ClubFacts';
import { clubAdminApi, clubAdminPaths } from './api';
import { ClubForm } from './ClubForm';
import clubStyles from './ClubsAdmin.module.css';
import { clubAdminTexts } from './texts';

const t = clubAdminTexts;

/** A meeting is past once it has ended. */
const isPast = (club: Club, now: number) => club.startsAt + club.durationMin * 60_000 < now;

/** `/uk/admin/clubs`: every club, past ones too; create one, edit one, see who signed up. */
export default function ClubsAdminPage() {
  const query = useAdminQuery<AdminClubs>(clubAdminPaths.clubs());
  const { reload, setData } = query;
  const [creating, setCreating] = useState(false);
  const [said, setSaid] = useState('');
  const now = Date.now();

  const create = async (body: ClubBody) => {
    const club = await clubAdminApi.createClub(body);
    setSaid(t.created(club.title));
    reload();
  };

  const replace = (club: Club) =>
    setData((current) => current && { clubs: current.clubs.map((each) => (each._id === club._id ? club : each)) });

  return (
    <section className={styles.page} aria-labelledby="admin-clubs-title">
      <div className={`${layout.spread} ${styles.head}`}>
        <h2 id="admin-clubs-title">{t.title}</h2>
        <FormToggle
          open={creating}
          controls="admin-club-create"
          openText={t.newClub}
          onClick={() => {
            setCreating(!creating);
            setSaid('');
          }}
        />
      </div>
      <p className={styles.lead}>{t.lead}</p>

      <div id="admin-club-create" hidden={!creating}>
        {creating && <ClubForm onSave={create} />}
      </div>
      {said && <Notice>{said}</Notice>}

      <ListState query={query} count={(data) => data.clubs.length} empty={t.none}>
        {(data) => (
          <ul className={`${layout.list} ${styles.cards}`} aria-label={t.list} aria-busy={query.loading}>
            {data.clubs.map((club) => (
              <li key={club._id}>
                <ClubItem club={club} past={isPast(club, now)} onSaved={replace} />
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </section>
  );
}

function ClubItem({ club, past, onSaved }: { club: Club; past: boolean; onSaved: (club: Club) => void }) {
  const id = useId();
  const titleId = `${id}-title`;
  const [editing, setEditing] = useState(false);
  const [showSignups, setShowSignups] = useState(false);
  const [said, setSaid] = useState('');
  const box = useRef<HTMLElement>(null);
  const wasEditing = useRef(false);

  // Into the form: its heading takes the focus; out of it: the card's «Редагувати» again.
  useEffect(() => {
    if (editing) box.current?.querySelector<HTMLElement>('h3')?.focus();
    else if (wasEditing.current) box.current?.querySelector<HTMLElement>('[data-edit]')?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const save = async (body: ClubBody) => {
    const saved = await clubAdminApi.updateClub(club._id, body);
    onSaved(saved);
    setEditing(false);
    setSaid(t.saved(saved.title));
  };

  if (editing) {
    return (
      <article
        className={`${surfaces.card} ${styles.card} ${styles.wideCard}`}
        aria-label={t.editTitle(club.title)}
        ref={box}
      >
        <ClubForm club={club} onSave={save} onCancel={() => setEditing(false)} />
      </article>
    );
  }

  const taken = club.capacity - club.seatsLeft;
  return (
    <article className={`${surfaces.card} ${styles.card}`} aria-labelledby={titleId} ref={box}>
      <div className={`${layout.spread} ${styles.head}`}>
        <Badge tone={club.city ? 'warn' : undefined}>{club.city || t.online}</Badge>
        {past && <Badge tone="off">{t.past}</Badge>}
      </div>
      <h3 id={titleId}>{club.title}</h3>
      {club.description && <p className={styles.muted}>{club.description}</p>}
      <ClubFacts club={club} className={layout.facts}>
        {club.place && <ClubFact term={t.place}>{club.place}</ClubFact>}
        {club.link && (
          <ClubFact term={t.link}>
            <a href={club.link} target="_blank" rel="noopener noreferrer">
              {club.link}
            </a>
          </ClubFact>
        )}
        <ClubFact term={t.seats}>{t.seatsTaken(taken, club.capacity)}</ClubFact>
      </ClubFacts>
      {said && <Notice>{said}</Notice>}
      <div className={styles.actions}>
        <Button variant="secondary" data-edit onClick={() => setEditing(true)} aria-describedby={titleId}>
          {adminTexts.common.edit}
        </Button>
        <Button
          variant="secondary"
          aria-expanded={showSignups}
          aria-describedby={titleId}
          onClick={() => setShowSignups(!showSignups)}
        >
          {showSignups ? t.hideSignups : t.signups}
        </Button>
      </div>
      {showSignups && <Signups club={club} />}
    </article>
  );
}

/**
 * Who signed up for a club, with their email and when; once it has started, a «Присутні» box per
 * person (being present counts as a day of practice for them).
 */
function Signups({ club }: { club: Club }) {
  const query = useAdminQuery<ClubSignups>(clubAdminPaths.clubSignups(club._id));
  const { setData } = query;
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const mark = async (userId: string, present: boolean) => {
    setBusy(userId);
    setFailure('');
    try {
      setData(await clubAdminApi.markAttendance(club._id, { userId, present }));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className={styles.section} aria-label={t.signupsTitle(club.title)}>
      <ListState query={query} count={(data) => data.signups.length} empty={t.noSignups} compact>
        {(data) => (
          <>
            {!data.started && <p className={styles.muted}>{t.attendanceLater}</p>}
            <ol className={styles.people}>
              {data.signups.map((person) => {
                const name = `${person.first_name} ${person.last_name}`;
                return (
                  <li key={person._id}>
                    <strong>{name}</strong> <a href={`mailto:${person.email}`}>{person.email}</a>{' '}
                    <span className={styles.muted}>{formatDateTime(person.date)}</span>
                    {data.started && (
                      <label className={clubStyles.present}>
                        <input
                          type="checkbox"
                          checked={person.presentAt !== null}
                          disabled={busy === person._id}
                          aria-label={t.presentOf(name)}
                          onChange={(event) => void mark(person._id, event.target.checked)}
                        />{' '}
                        <span aria-hidden="true">{t.present}</span>
                      </label>
                    )}
                  </li>
                );
              })}
            </ol>
            {failure && <Alert>{failure}</Alert>}
          </>
        )}
      </ListState>
    </section>
  );
}
