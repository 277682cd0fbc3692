import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import layout from '../../../shared/ui/layout.module.css';
import { Spinner } from '../../../shared/ui/Spinner';
import { useSupportDispatch, useSupportSelector } from '../hooks';
import { fetchMember, fetchTeam, historyPopped, selectPartnersState } from '../slice';
import { supportTexts as t } from '../texts';
import styles from './Support.module.css';

const fullName = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`;

/**
 * `/uk/bonus/team`: the people I invited; opening one shows their team (any depth), «Назад» steps
 * back through the partners history (spec §4, docs/ARCHITECTURE.md).
 */
export default function TeamPage() {
  const dispatch = useSupportDispatch();
  const { partner, history, isLoading, error } = useSupportSelector(selectPartnersState);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const drilled = history.length > 0;
  const previous = history.at(-1);

  // The root: me and my team; the history starts empty.
  useEffect(() => {
    dispatch(fetchTeam());
  }, [dispatch]);

  // After a step down or back, the focus goes to the heading of the team now on screen.
  const partnerId = partner?.partner._id;
  useEffect(() => {
    if (moved.current && partnerId) heading.current?.focus();
    moved.current = false;
  }, [partnerId]);

  const open = (id: string) => {
    moved.current = true;
    dispatch(fetchMember(id));
  };
  const back = () => {
    moved.current = true;
    dispatch(historyPopped());
  };

  return (
    <section className={styles.page} aria-labelledby="team-title">
      <h2 id="team-title" ref={heading} tabIndex={-1}>
        {drilled && partner ? t.teamOf(fullName(partner.partner)) : t.team}
      </h2>
      {drilled && previous && (
        <div>
          <Button variant="secondary" onClick={back} disabled={isLoading} aria-describedby="team-back-to">
            <span aria-hidden="true">←</span> {t.back}
          </Button>
          <span id="team-back-to" hidden>
            {t.backTo(history.length === 1 ? t.team : fullName(previous.partner))}
          </span>
        </div>
      )}
      {!drilled && <p className={styles.lead}>{t.teamLead}</p>}
      {error && <Alert>{error}</Alert>}
      {!partner ? (
        isLoading && <Spinner compact />
      ) : partner.team.length === 0 ? (
        <div className={styles.empty}>
          <p>{drilled ? t.emptyMember : t.emptyRoot}</p>
          {!drilled && <Link to="/uk/profile">{t.inviteLink}</Link>}
        </div>
      ) : (
        <ul className={layout.list} aria-label={t.teamNav} aria-busy={isLoading || undefined}>
          {partner.team.map((member) => (
            <li key={member._id}>
              <button type="button" className={styles.member} onClick={() => open(member._id)} disabled={isLoading}>
                <span className={styles.memberName}>{fullName(member)}</span>
                <span className={styles.memberMeta}>{t.since(member.createdAt)}</span>
                <span className={styles.memberMeta}>{t.teamSize(member.teamSize)}</span>
                <span className={styles.chevron} aria-hidden="true">
                  →
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
