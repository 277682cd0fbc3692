import type { Club } from '@yedyni/contract';
import { formatLongDate } from '@yedyni/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Notice } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction';
import { useClubsDispatch } from '../hooks';
import { cancelClubSignup, signUpForClub } from '../slice';
import { clubTexts as t } from '../texts';
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
    <article className={club.signedUp ? `${styles.card} ${styles.cardMine}` : styles.card} aria-labelledby={titleId}>
      <div className={styles.cardTop}>
        <p className={club.city ? styles.where : `${styles.where} ${styles.whereOnline}`}>{club.city || t.online}</p>
        {club.signedUp && <p className={styles.mineBadge}>{t.signedUp}</p>}
      </div>
      <h2 id={titleId} className={styles.cardTitle}>
        {club.title}
      </h2>
      {club.description && <p className={styles.description}>{club.description}</p>}
      <dl className={styles.facts}>
        <div>
          <dt>{t.when}</dt>
          <dd>
            <time dateTime={new Date(club.startsAt).toISOString()}>{formatLongDate(club.startsAt)}</time>
          </dd>
        </div>
        <div>
          <dt>{t.duration}</dt>
          <dd>{t.minutes(club.durationMin)}</dd>
        </div>
        <div>
          <dt>{t.host}</dt>
          <dd>{club.host}</dd>
        </div>
        {club.city && club.place && (
          <div>
            <dt>{t.place}</dt>
            <dd>{club.place}</dd>
          </div>
        )}
        {(club.link || club.city === '') && (
          <div>
            <dt>{t.link}</dt>
            <dd>
              {club.link ? (
                <a href={club.link} target="_blank" rel="noopener noreferrer" aria-describedby={titleId}>
                  {t.openLink}
                </a>
              ) : (
                t.linkLater
              )}
            </dd>
          </div>
        )}
      </dl>

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
