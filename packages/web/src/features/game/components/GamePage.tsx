import { formatDate } from '@yedyni/contract';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useFocusOnChange } from '../../../shared/lib/useFocusOnChange';
import { TaskResults, TaskRunner } from '../../../shared/tasks';
import ranking from '../../../shared/tasks/Ranking.module.css';
import tasks from '../../../shared/tasks/Tasks.module.css';
import { localDeadline } from '../../../shared/tasks/useCountdown';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import layout from '../../../shared/ui/layout.module.css';
import { Spinner } from '../../../shared/ui/Spinner';
import surfaces from '../../../shared/ui/surfaces.module.css';
import { GAME_ROUND_MS } from '../constants';
import { useGameDispatch, useGameSelector } from '../hooks';
import {
  answerTask,
  fetchGameRating,
  fetchGameStats,
  leaveRound,
  selectAnswers,
  selectGameRating,
  selectGameStats,
  selectIsSubmitting,
  selectRound,
  selectRoundResult,
  startRound,
  submitRound,
} from '../slice';
import { gameTexts as t } from '../texts';
import styles from './GamePage.module.css';
import { RepetitionCard } from './RepetitionCard';

interface GamePageProps {
  /** A round was scored: its points joined the footprint (the app refreshes what shows it). */
  onScored?: () => void;
}

/** `/uk/game`, «Паляниця»: the start screen with my results and the rating, a round, its score. */
export default function GamePage({ onScored }: GamePageProps) {
  const round = useGameSelector(selectRound);
  const result = useGameSelector(selectRoundResult);
  const screen = result ? 'score' : round ? 'round' : 'start';
  const heading = useFocusOnChange<HTMLHeadingElement>(screen);

  return (
    <section className={styles.page} aria-labelledby="game-title">
      <h1 id="game-title" ref={heading} tabIndex={-1} className={screen === 'start' ? styles.title : styles.titleSmall}>
        {t.title}
      </h1>
      {screen === 'start' && <StartScreen />}
      {screen === 'round' && <RoundScreen onScored={onScored} />}
      {screen === 'score' && <ScoreScreen />}
    </section>
  );
}

function StartButton({ label = t.start, variant = 'accent' }: { label?: string; variant?: 'accent' | 'primary' }) {
  const dispatch = useGameDispatch();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const start = async () => {
    setBusy(true);
    setFailure('');
    const done = await dispatch(startRound());
    if (startRound.rejected.match(done)) {
      setFailure(done.payload ?? t.startFailed);
      setBusy(false);
    }
  };
  return (
    <div className={styles.startAction}>
      {failure && <Alert>{failure}</Alert>}
      <Button variant={variant} className={styles.startButton} onClick={start} disabled={busy}>
        {busy ? t.starting : label}
      </Button>
    </div>
  );
}

function StartScreen() {
  const dispatch = useGameDispatch();
  const stats = useGameSelector(selectGameStats);
  const rating = useGameSelector(selectGameRating);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    Promise.all([dispatch(fetchGameStats()), dispatch(fetchGameRating())]).then(([mine]) => {
      setFailed(fetchGameStats.rejected.match(mine));
      setLoaded(true);
    });
  }, [dispatch]);

  return (
    <>
      <div className={styles.hero}>
        <p className={styles.tagline}>{t.tagline}</p>
        <p className={styles.lead}>{t.lead}</p>
        <ul className={styles.facts} aria-label={t.factsLabel}>
          {t.facts.map((fact) => (
            <li key={fact.label}>
              <strong>{fact.value}</strong> <span>{fact.label}</span>
            </li>
          ))}
        </ul>
        <p className={styles.note}>
          {t.types} {t.footprint}
        </p>
        <StartButton />
      </div>

      <RepetitionCard />

      <div className={styles.columns}>
        <section className={`${surfaces.card} ${styles.panel}`} aria-labelledby="game-mine">
          <h2 id="game-mine">{t.mine}</h2>
          {!loaded && !stats ? (
            <Spinner compact />
          ) : failed && !stats ? (
            <p className={styles.muted}>{t.statsFailed}</p>
          ) : stats && stats.rounds > 0 ? (
            <>
              <dl className={`${layout.tiles} ${styles.totals}`}>
                <div>
                  <dt>{t.rounds}</dt>
                  <dd>{stats.rounds}</dd>
                </div>
                <div>
                  <dt>{t.totalPoints}</dt>
                  <dd>{stats.totalPoints}</dd>
                </div>
              </dl>
              <h3 id="game-best">{t.best}</h3>
              <ol className={styles.best} aria-labelledby="game-best">
                {stats.best.map((round) => (
                  <li key={`${round.date}-${round.score}`}>
                    <strong>{t.bestRound(round.score, t.maxScore)}</strong>
                    <span className={styles.muted}>{formatDate(round.date)}</span>
                  </li>
                ))}
              </ol>
            </>
          ) : (
            <p className={styles.muted}>{t.noRounds}</p>
          )}
        </section>

        <section className={`${surfaces.card} ${styles.panel}`} aria-labelledby="game-rating">
          <h2 id="game-rating">{t.rating}</h2>
          {!loaded && !rating ? (
            <Spinner compact />
          ) : rating && rating.length > 0 ? (
            <table className={`${ranking.ranking} ${styles.table}`}>
              <caption>{t.ratingCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.place}</th>
                  <th scope="col">{t.player}</th>
                  <th scope="col">{t.bestColumn}</th>
                </tr>
              </thead>
              <tbody>
                {rating.map((player) => (
                  <tr
                    key={player.place}
                    className={player.isMe ? ranking.me : undefined}
                    aria-current={player.isMe ? 'true' : undefined}
                  >
                    <td>{player.place}</td>
                    <th scope="row">
                      {player.name}
                      {player.isMe && <span className={ranking.meBadge}> ({t.me})</span>}
                    </th>
                    <td>{player.best}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className={styles.muted}>{t.noRating}</p>
          )}
        </section>
      </div>

      <section className={styles.olympiads} aria-labelledby="game-olympiads">
        <h2 id="game-olympiads">{t.olympiads}</h2>
        <p>{t.olympiadsText}</p>
        <Link to="/uk/olympiad">{t.olympiadsLink}</Link>
      </section>
    </>
  );
}

function RoundScreen({ onScored }: GamePageProps) {
  const dispatch = useGameDispatch();
  const round = useGameSelector(selectRound);
  const answers = useGameSelector(selectAnswers);
  const busy = useGameSelector(selectIsSubmitting);
  const [failure, setFailure] = useState<string | null>(null);

  const finish = useCallback(async () => {
    setFailure(null);
    const done = await dispatch(submitRound());
    if (submitRound.fulfilled.match(done)) onScored?.();
    else if (submitRound.rejected.match(done) && !done.meta.condition) setFailure(done.payload ?? t.sendFailed);
  }, [dispatch, onScored]);

  const onAnswer = useCallback(
    (index: number, answer: Parameters<typeof answerTask>[0]['answer']) => dispatch(answerTask({ index, answer })),
    [dispatch],
  );

  if (!round) return null;
  return (
    <div className={styles.round}>
      <TaskRunner
        key={round.roundId}
        tasks={round.tasks}
        answers={answers}
        onAnswer={onAnswer}
        deadline={localDeadline(round.deadline, round.receivedAt, GAME_ROUND_MS)}
        onFinish={finish}
        busy={busy}
        error={failure}
      />
    </div>
  );
}

function ScoreScreen() {
  const dispatch = useGameDispatch();
  const round = useGameSelector(selectRound);
  const answers = useGameSelector(selectAnswers);
  const result = useGameSelector(selectRoundResult);
  if (!round || !result) return null;
  return (
    <div className={tasks.scoreScreen}>
      <h2>{t.finished}</h2>
      <TaskResults
        tasks={round.tasks}
        answers={answers}
        score={result.score}
        maxScore={result.maxScore}
        late={result.late}
        results={result.results}
        note={
          result.dailyCapReached &&
          result.footprintPoints < result.score && (
            <p className={styles.capNote} role="status">
              {t.dailyCap(result.footprintPoints, result.score)}
            </p>
          )
        }
      />
      <div className={styles.scoreActions}>
        <StartButton label={t.again} variant="primary" />
        <Button variant="secondary" onClick={() => dispatch(leaveRound())}>
          {t.toStart}
        </Button>
      </div>
    </div>
  );
}
