import type { Club } from '@yedyni/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Notice } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import badges from '../../../shared/ui/badges.module.css';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction';
import layout from '../../../shared/ui/layout.module.css';
import surfaces from '../../../shared/ui/surfaces.module.css';
import { useClubsDispatch } from '../hooks';
import { cancelClubSignup, signUpForClub } from '../slice';
import { clubTexts as t } from '../texts';
import { ClubFact, ClubFacts } from './ClubFacts';
import styles from './Clubs.module.css';

type Outcome = { ok: boolean; text: string } | null;

/** One meeting: where and when, the host, seats left; sign up or cancel. */
export function ClubCard({ club }: { club: Club }) {
  const dispatch = useClubsDispatch();
  const id = useId();
  const titleId = `${id}-title`;
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const full = club.seatsLeft <= 0;
  // The list keeps a meeting for a few hours after it starts; by then nobody signs up.
  const started = club.startsAt <= Date.now();
  const said = useRef<HTMLDivElement>(null);

  // The button just used is gone (signed up ↔ not): focus moves to what happened.
  useEffect(() => {
    if (outcome) said.current?.focus();
  }, [outcome]);

  const signUp = async () => {
    setBusy(true);
    setOutcome(null);
    const done = await dispatch(signUpForClub(club._id));
    setBusy(false);
    setOutcome(
      signUpForClub.fulfilled.match(done)
        ? { ok: true, text: t.signedUpDone }
        : { ok: false, text: done.payload ?? t.failed },
    );
  };

  const cancel = async () => {
    setOutcome(null);
    const done = await dispatch(cancelClubSignup(club._id));
    setOutcome(
      cancelClubSignup.fulfilled.match(done)
        ? { ok: true, text: t.cancelled }
        : { ok: false, text: done.payload ?? t.failed },
    );
  };

  return (
    <article
      className={`${surfaces.card} ${styles.card}${club.signedUp ? ` ${styles.cardMine}` : ''}`}
      aria-labelledby={titleId}
    >
      <div className={`${layout.spread} ${styles.cardTop}`}>
        <p className={`${badges.badge} ${club.city ? badges.accent : badges.primary}`}>{club.city || t.online}</p>
        {club.signedUp && <p className={`${badges.badge} ${badges.success}`}>{t.signedUp}</p>}
      </div>
      <h2 id={titleId} className={styles.cardTitle}>
        {club.title}
      </h2>
      {club.description && <p className={styles.description}>{club.description}</p>}
      <ClubFacts club={club} className={`${layout.facts} ${styles.facts}`}>
        {club.city && club.place && <ClubFact term={t.place}>{club.place}</ClubFact>}
        {(club.link || club.city === '') && (
          <ClubFact term={t.link}>
            {club.link ? (
              <a href={club.link} target="_blank" rel="noopener noreferrer" aria-describedby={titleId}>
                {t.openLink}
              </a>
            ) : (
              t.linkLater
            )}
          </ClubFact>
        )}
      </ClubFacts>

      <p className={full ? `${styles.seats} ${styles.seatsNone}` : styles.seats}>
        {full ? t.noSeats : t.seatsLeft(club.seatsLeft)}
      </p>

      {outcome && (
        <div ref={said} tabIndex={-1} className={styles.outcome}>
          {outcome.ok ? <Notice>{outcome.text}</Notice> : <Alert>{outcome.text}</Alert>}
        </div>
      )}

      <div className={styles.actions}>
        {club.signedUp ? (
          <ConfirmAction
            label={t.cancel}
            question={t.cancelQuestion}
            confirm={t.cancelYes}
            cancel={t.cancelNo}
            onConfirm={cancel}
            describedBy={titleId}
          />
        ) : started ? (
          <p className={styles.muted}>{t.started}</p>
        ) : (
          !full && (
            <Button onClick={signUp} disabled={busy} aria-describedby={titleId}>
              {busy ? t.signingUp : t.signUp}
            </Button>
          )
        )}
      </div>
    </article>
  );
}
