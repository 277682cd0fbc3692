import { formatDateTime, type RepetitionOverview } from '@yedyni/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../../shared/api';
import { buttonClass } from '../../../shared/ui/Button';
import { repetitionTexts as t } from '../texts';
import styles from './GamePage.module.css';

/**
 * «Повторення» on the game's start screen: how many cards are due today, with «Почати»; or when
 * the next one is. Silent when the overview cannot be read: the game itself still plays.
 */
export function RepetitionCard() {
  const [overview, setOverview] = useState<RepetitionOverview | null>(null);

  useEffect(() => {
    let live = true;
    api
      .get<RepetitionOverview>('/game/repetition')
      .then((answer) => {
        if (live) setOverview(answer);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  if (!overview) return null;
  return (
    <section className={styles.repetition} aria-labelledby="game-repetition">
      <h2 id="game-repetition">{overview.due > 0 ? t.cardTitle(overview.due) : t.title}</h2>
      <p>{t.cardLead}</p>
      {overview.due > 0 ? (
        <Link to="/uk/game/repetition" className={buttonClass('primary')}>
          {t.start}
        </Link>
      ) : (
        <p className={styles.muted}>
          {overview.nextDue === null ? t.noCards : t.noneDue(formatDateTime(overview.nextDue))}
        </p>
      )}
    </section>
  );
}
