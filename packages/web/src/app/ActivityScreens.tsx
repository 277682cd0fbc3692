import { useCallback } from 'react';
import { selectUser } from '../features/auth';
import ClubsPage from '../features/clubs/components/ClubsPage';
import GamePage from '../features/game/components/GamePage';
import OlympiadPage from '../features/olympiads/components/OlympiadPage';
import { useAppDispatch, useAppSelector } from './hooks';
import { fetchIndicators } from './partners';
import './activities';

// The game, olympiad and clubs screens, one chunk (the first two share the task screens of
// shared/tasks; one chunk keeps the list of lazy files in the first screen's code short). Loading it
// injects the game, olympiads and clubs slices (./activities).

const useIsAdmin = () => useAppSelector(selectUser)?.role === 'admin';

/** `/uk/game`, «Паляниця»: a scored round adds its points to the footprint, so the indicators are fetched again. */
export function Game() {
  const dispatch = useAppDispatch();
  const onScored = useCallback(() => {
    dispatch(fetchIndicators());
  }, [dispatch]);
  return <GamePage onScored={onScored} />;
}

/** `/uk/olympiad`: the olympiads feature told whether the viewer is an admin (who may schedule one). */
export function Olympiad() {
  return <OlympiadPage isAdmin={useIsAdmin()} />;
}

/** `/uk/clubs`: the clubs feature told whether the viewer is an admin (who creates and edits clubs, sees sign-ups). */
export function Clubs() {
  return <ClubsPage isAdmin={useIsAdmin()} />;
}
