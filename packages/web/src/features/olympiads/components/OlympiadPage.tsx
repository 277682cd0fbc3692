import type { Olympiad, OlympiadResults } from '@yedyni/contract';
import { formatDateTime } from '@yedyni/contract';
import { useCallback, useEffect, useState } from 'react';
import { useFocusOnChange } from '../../../shared/lib/useFocusOnChange';
import { useModal } from '../../../shared/modal/useModal';
import { formatWait, localDeadline, TaskResults, TaskRunner, useCountdown } from '../../../shared/tasks';
import ranking from '../../../shared/tasks/Ranking.module.css';
import tasks from '../../../shared/tasks/Tasks.module.css';
import { Alert, Notice } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { EmptyNote, LoadFailed } from '../../../shared/ui/ListStates';
import layout from '../../../shared/ui/layout.module.css';
import { Spinner } from '../../../shared/ui/Spinner';
import surfaces from '../../../shared/ui/surfaces.module.css';
import { useOlympiadsDispatch, useOlympiadsSelector } from '../hooks';
import {
  answerOlympiadTask,
  fetchOlympiads,
  leaveAttempt,
  selectAttempt,
  selectNextOlympiad,
  selectOlympiadAnswers,
  selectOlympiadScore,
  selectOlympiadSubmitting,
  selectOlympiadsError,
  selectOlympiadsLoaded,
  selectPreviousOlympiad,
  startOlympiad,
  submitOlympiad,
} from '../slice';
import { points, olympiadTexts as t } from '../texts';
import styles from './OlympiadPage.module.css';

/** `/uk/olympiad`: the next olympiad (countdown, start, my attempt), the last one's tables. */
export default function OlympiadPage() {
  const attempt = useOlympiadsSelector(selectAttempt);
  const score = useOlympiadsSelector(selectOlympiadScore);
  const screen = score ? 'score' : attempt ? 'attempt' : 'overview';
  const heading = useFocusOnChange<HTMLHeadingElement>(screen);

  return (
    <section className={styles.page} aria-labelledby="olympiad-title">
      <h1 id="olympiad-title" ref={heading} tabIndex={-1} className={styles.title}>
        {t.title}
      </h1>
      {screen === 'overview' && <Overview />}
      {screen === 'attempt' && <AttemptScreen />}
      {screen === 'score' && <ScoreScreen />}
    </section>
  );
}

function Overview() {
  const dispatch = useOlympiadsDispatch();
  const loaded = useOlympiadsSelector(selectOlympiadsLoaded);
  const next = useOlympiadsSelector(selectNextOlympiad);
  const previous = useOlympiadsSelector(selectPreviousOlympiad);
  const error = useOlympiadsSelector(selectOlympiadsError);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    const done = await dispatch(fetchOlympiads());
    setFailed(fetchOlympiads.rejected.match(done));
  }, [dispatch]);

  useEffect(() => {
    load();
  }, [load]);

  if (!loaded) return <Spinner />;
  return (
    <>
      <p className={styles.lead}>{t.lead}</p>
      <LoadFailed error={failed ? (error ?? t.loadFailed) : ''} onRetry={load} retryLabel={t.retry} />
      <section className={styles.next} aria-labelledby="olympiad-next">
        <h2 id="olympiad-next">{next?.state === 'open' ? t.current : t.next}</h2>
        {next ? <NextOlympiad olympiad={next} onStarted={load} /> : <EmptyNote>{t.none}</EmptyNote>}
      </section>
      {previous && <PreviousResults results={previous} />}
    </>
  );
}

function NextOlympiad({ olympiad, onStarted }: { olympiad: Olympiad; onStarted: () => void }) {
  const dispatch = useOlympiadsDispatch();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const mine = olympiad.myAttempt;
  const minutes = Math.round(olympiad.durationMs / 60_000);
  // The single attempt starts only after a «yes» in the dialog; a started one resumes at once.
  const asking = useModal();

  const start = async () => {
    if (asking.open) asking.toggle();
    setBusy(true);
    setFailure('');
    const done = await dispatch(startOlympiad(olympiad._id));
    if (startOlympiad.rejected.match(done)) {
      setBusy(false);
      setFailure(done.payload ?? t.startFailed);
      onStarted();
    }
  };

  return (
    <article className={`${surfaces.card} ${styles.card}`} aria-labelledby="olympiad-next-title">
      <h3 id="olympiad-next-title" className={styles.cardTitle}>
        {olympiad.title}
      </h3>
      {olympiad.description && <p className={styles.description}>{olympiad.description}</p>}
      <dl className={`${layout.tiles} ${styles.facts}`}>
        <div>
          <dt>{t.startsAt}</dt>
          <dd>{formatDateTime(olympiad.startsAt)}</dd>
        </div>
        <div>
          <dt>{t.endsAt}</dt>
          <dd>{formatDateTime(olympiad.endsAt)}</dd>
        </div>
        <div>
          <dt>{t.duration}</dt>
          <dd>{t.minutes(minutes)}</dd>
        </div>
        <div>
          <dt>{t.taskCount}</dt>
          <dd>{olympiad.taskCount}</dd>
        </div>
      </dl>

      {mine?.finished ? (
        <Notice>
          {t.taken(mine.score)}
          {olympiad.state === 'open' && ` ${t.answersAt(olympiad.endsAt)}`}
        </Notice>
      ) : olympiad.state === 'upcoming' ? (
        <UntilStart startsAt={olympiad.startsAt} onStart={onStarted} />
      ) : olympiad.state === 'open' ? (
        <div className={styles.startBox}>
          <p className={styles.hint}>{mine ? t.resumeHint : t.openUntil(olympiad.endsAt)}</p>
          {failure && <Alert>{failure}</Alert>}
          <Button
            variant="accent"
            className={styles.startButton}
            onClick={mine ? start : asking.toggle}
            disabled={busy}
          >
            {busy ? t.starting : mine ? t.resume : t.start}
          </Button>
          <ConfirmDialog
            open={asking.open}
            title={t.startTitle}
            confirm={t.startYes}
            cancel={t.startNo}
            onConfirm={start}
            onCancel={asking.toggle}
          >
            <p>{t.startOnce(minutes)}</p>
            <p>{t.startNoPause}</p>
          </ConfirmDialog>
        </div>
      ) : null}
    </article>
  );
}

/** «До початку: 2 дн. 03:04:05», live; at 0 the overview is fetched again (the olympiad opens). */
function UntilStart({ startsAt, onStart }: { startsAt: number; onStart: () => void }) {
  const left = useCountdown(startsAt, 1000);
  const opened = left <= 0;
  // Opened: the overview is asked again, every few seconds while the server's clock still says no.
  useEffect(() => {
    if (!opened) return;
    onStart();
    const again = setInterval(onStart, 5000);
    return () => clearInterval(again);
  }, [opened, onStart]);
  return (
    <p className={styles.countdown}>
      <span>{t.untilStart}</span> <span role="timer">{formatWait(left)}</span>
    </p>
  );
}

function AttemptScreen() {
  const dispatch = useOlympiadsDispatch();
  const attempt = useOlympiadsSelector(selectAttempt);
  const answers = useOlympiadsSelector(selectOlympiadAnswers);
  const next = useOlympiadsSelector(selectNextOlympiad);
  const busy = useOlympiadsSelector(selectOlympiadSubmitting);
  const [failure, setFailure] = useState<string | null>(null);

  const finish = useCallback(async () => {
    setFailure(null);
    const done = await dispatch(submitOlympiad());
    if (submitOlympiad.rejected.match(done) && !done.meta.condition) setFailure(done.payload ?? t.sendFailed);
  }, [dispatch]);

  const onAnswer = useCallback(
    (index: number, answer: Parameters<typeof answerOlympiadTask>[0]['answer']) =>
      dispatch(answerOlympiadTask({ index, answer })),
    [dispatch],
  );

  if (!attempt) return null;
  const title = next?._id === attempt.olympiadId ? next.title : '';
  return (
    <div className={styles.attempt}>
      {title && <p className={styles.attemptTitle}>{t.running(title)}</p>}
      <TaskRunner
        key={attempt.olympiadId}
        tasks={attempt.tasks}
        answers={answers}
        onAnswer={onAnswer}
        deadline={localDeadline(attempt.deadline, attempt.receivedAt, attempt.limitMs)}
        onFinish={finish}
        busy={busy}
        error={failure}
      />
      {failure && (
        <Button variant="secondary" onClick={() => dispatch(leaveAttempt())}>
          {t.back}
        </Button>
      )}
    </div>
  );
}

function ScoreScreen() {
  const dispatch = useOlympiadsDispatch();
  const attempt = useOlympiadsSelector(selectAttempt);
  const answers = useOlympiadsSelector(selectOlympiadAnswers);
  const score = useOlympiadsSelector(selectOlympiadScore);
  if (!attempt || !score) return null;
  return (
    <div className={tasks.scoreScreen}>
      <h2>{t.finished}</h2>
      <TaskResults tasks={attempt.tasks} answers={answers} {...score} />
      {score.note && (
        <p className={styles.hint} role="status">
          {score.note}
        </p>
      )}
      <Button onClick={() => dispatch(leaveAttempt())} className={styles.back}>
        {t.back}
      </Button>
    </div>
  );
}

function PreviousResults({ results }: { results: OlympiadResults }) {
  const { olympiad, personal, team, mine } = results;
  return (
    <section className={styles.previous} aria-labelledby="olympiad-previous">
      <h2 id="olympiad-previous">{t.previous}</h2>
      <p className={styles.previousTitle}>
        <strong>{olympiad.title}</strong> <span className={styles.muted}>{t.heldAt(olympiad.startsAt)}</span>
      </p>
      {olympiad.myAttempt?.finished && <p className={styles.hint}>{t.taken(olympiad.myAttempt.score)}</p>}
      <div className={styles.tables}>
        <Standings caption={t.personal} nameHeader={t.participant} meLabel={t.me} rows={personal} />
        <Standings caption={t.team} nameHeader={t.teamName} meLabel={t.myTeam} rows={team} teams />
      </div>
      {mine && mine.results.length > 0 && (
        <section aria-labelledby="olympiad-mine">
          <h3 id="olympiad-mine">{t.myAnswers}</h3>
          <ol>
            {mine.results.map((result, i) => (
              <li key={result.id}>
                <strong>{t.myTask(i + 1, result.points)}</strong>. {result.correct}
                <p className={styles.muted}>{result.explanation}</p>
              </li>
            ))}
          </ol>
        </section>
      )}
    </section>
  );
}

/** A row of either table: a team row also counts its members. */
type Standing = OlympiadResults['personal'][number] & { members?: number };

/** One top-10 table: personal, or teams (with a members column). */
function Standings(props: { caption: string; nameHeader: string; meLabel: string; rows: Standing[]; teams?: boolean }) {
  const { caption, nameHeader, meLabel, rows, teams = false } = props;
  return (
    <div className={`${surfaces.card} ${styles.tableBox}`}>
      <table className={`${ranking.ranking} ${styles.table}`}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.place}</th>
            <th scope="col">{nameHeader}</th>
            {teams && <th scope="col">{t.members}</th>}
            <th scope="col">{t.score}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={teams ? 4 : 3} className={ranking.noRows}>
                {t.noResults}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.place} className={row.isMe ? ranking.me : undefined}>
                <td>{row.place}</td>
                <th scope="row">
                  {row.name}
                  {row.isMe && <span className={ranking.meBadge}> ({meLabel})</span>}
                </th>
                {teams && <td>{row.members}</td>}
                <td>
                  {row.score} <span className="sr-only">{points(row.score)}</span>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
