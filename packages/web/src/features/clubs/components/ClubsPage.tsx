import { useCallback, useEffect, useState } from 'react';
import buttons from '../../../shared/ui/buttons.module.css';
import { EmptyNote, LoadFailed } from '../../../shared/ui/ListStates';
import layout from '../../../shared/ui/layout.module.css';
import { Spinner } from '../../../shared/ui/Spinner';
import { useClubsDispatch, useClubsSelector } from '../hooks';
import {
  ALL_CLUBS,
  fetchClubs,
  selectClubCities,
  selectClubFilter,
  selectClubs,
  selectClubsError,
  selectClubsLoaded,
  selectClubsLoading,
} from '../slice';
import { clubTexts as t } from '../texts';
import type { ClubFilter } from '../types';
import { ClubCard } from './ClubCard';
import styles from './Clubs.module.css';

const same = (a: ClubFilter, b: ClubFilter) => a.city === b.city && a.mine === b.mine;

/** `/uk/clubs`, «Розмовні клуби»: the filter (all, online, mine, by city), the meetings, sign-up. */
export default function ClubsPage() {
  const dispatch = useClubsDispatch();
  const clubs = useClubsSelector(selectClubs);
  const cities = useClubsSelector(selectClubCities);
  const filter = useClubsSelector(selectClubFilter);
  const loaded = useClubsSelector(selectClubsLoaded);
  const loading = useClubsSelector(selectClubsLoading);
  const error = useClubsSelector(selectClubsError);
  const [failed, setFailed] = useState(false);

  const load = useCallback(
    async (next: ClubFilter) => {
      const done = await dispatch(fetchClubs(next));
      setFailed(fetchClubs.rejected.match(done));
    },
    [dispatch],
  );

  // The filter kept in the store (the last one chosen) is loaded again on every visit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival; a chosen filter loads on its click.
  useEffect(() => {
    load(filter);
  }, [load]);

  const choices: { label: string; filter: ClubFilter }[] = [
    { label: t.all, filter: ALL_CLUBS },
    { label: t.online, filter: { city: 'online', mine: false } },
    { label: t.mine, filter: { city: '', mine: true } },
    ...cities.map((city) => ({ label: city, filter: { city, mine: false } })),
  ];
  const empty = filter.mine ? t.emptyMine : same(filter, ALL_CLUBS) ? t.emptyAll : t.emptyFilter;

  return (
    <section className={styles.page} aria-labelledby="clubs-title">
      <div className={`${layout.spread} ${styles.head}`}>
        <h1 id="clubs-title">{t.title}</h1>
      </div>
      <p className={styles.lead}>{t.lead}</p>

      <fieldset className={layout.row}>
        <legend className={styles.filtersLegend}>{t.filter}</legend>
        {choices.map((choice) => (
          <button
            key={`${choice.filter.city}|${choice.filter.mine}`}
            type="button"
            className={buttons.outline}
            aria-pressed={same(choice.filter, filter)}
            onClick={() => load(choice.filter)}
          >
            {choice.label}
          </button>
        ))}
      </fieldset>

      <LoadFailed error={failed ? (error ?? t.loadFailed) : ''} onRetry={() => load(filter)} retryLabel={t.retry} />

      {!loaded ? (
        <Spinner label={t.loading} />
      ) : clubs.length === 0 ? (
        !failed && <EmptyNote>{empty}</EmptyNote>
      ) : (
        <ul className={`${layout.list} ${styles.list}`} aria-label={t.list} aria-busy={loading}>
          {clubs.map((club) => (
            <li key={club._id}>
              <ClubCard club={club} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
