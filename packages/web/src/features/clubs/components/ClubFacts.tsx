import type { Club } from '@yedyni/contract';
import { formatLongDate } from '@yedyni/contract';
import type { ReactNode } from 'react';
import { clubTexts as t } from '../texts';

/** One fact of a club's list: its term and what it is. */
export function ClubFact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * A club's facts, on the learners' cards (./ClubCard.tsx) and in the console (../admin/ClubsAdminPage.tsx):
 * when, how long, who hosts; then what the screen adds (`children`: the place, the link and the
 * seats, which each audience is told its own way), in the screen's own `className`.
 */
export function ClubFacts({ club, className, children }: { club: Club; className?: string; children?: ReactNode }) {
  return (
    <dl className={className}>
      <ClubFact term={t.when}>
        <time dateTime={new Date(club.startsAt).toISOString()}>{formatLongDate(club.startsAt)}</time>
      </ClubFact>
      <ClubFact term={t.duration}>{t.minutes(club.durationMin)}</ClubFact>
      <ClubFact term={t.host}>{club.host}</ClubFact>
      {children}
    </dl>
  );
}
