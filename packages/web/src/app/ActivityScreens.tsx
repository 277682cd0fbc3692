import { useCallback } from 'react';
import ClubsPage from '../features/clubs/components/ClubsPage';
import GamePage from '../features/game/components/GamePage';
import RepetitionPage from '../features/game/components/RepetitionPage';
import OlympiadPage from '../features/olympiads/components/OlympiadPage';
import { useAppDispatch } from './hooks';
import { fetchIndicators } from './partners';
import './activities';

// The game, olympiad and clubs screens, one chunk (the first two share the task screens of
// shared/tasks; one chunk keeps the list of lazy files in the first screen's code short). Loading it
// injects the game, olympiads and clubs slices (./activities).

/** Points joined the footprint: the indicators that show it are fetched again. */
function useRefetchIndicators() {
  const dispatch = useAppDispatch();
  return useCallback(() => {
    dispatch(fetchIndicators());
  }, [dispatch]);
}

/** `/uk/game`, «Паляниця»: a scored round adds its points to the footprint, so the indicators are fetched again. */
export function Game() {
  return <GamePage onScored={useRefetchIndicators()} />;
}

/** `/uk/game/repetition`, «Повторення»: a scored session adds its points to the footprint too. */
export function Repetition() {
  return <RepetitionPage onScored={useRefetchIndicators()} />;
}

/** `/uk/olympiad`: the next olympiad, my attempt, the last one's tables (admins schedule them in «Керування»). */
export function Olympiad() {
  return <OlympiadPage />;
}

/** `/uk/clubs`: the upcoming clubs and sign-up (admins create and edit them in «Керування»). */
export function Clubs() {
  return <ClubsPage />;
}
