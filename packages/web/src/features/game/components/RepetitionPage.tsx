import type { RepetitionResult, RepetitionSession, TaskAnswer } from '@yedyni/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { api, errorMessage, errorStatus } from '../../../shared/api';
import { useFocusOnChange } from '../../../shared/lib/useFocusOnChange';
import { type Answers, TaskResults, TaskRunner } from '../../../shared/tasks';
import tasks from '../../../shared/tasks/Tasks.module.css';
import { Alert } from '../../../shared/ui/Alert';
import { Button, buttonClass } from '../../../shared/ui/Button';
import { Spinner } from '../../../shared/ui/Spinner';
import { repetitionTexts as t } from '../texts';
import styles from './GamePage.module.css';

interface RepetitionPageProps {
  /** A session was scored: its points joined the footprint (the app refreshes what shows it). */
  onScored?: () => void;
}

type Stage =
  | { kind: 'loading' }
  | { kind: 'none'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'playing'; session: RepetitionSession }
  | { kind: 'done'; session: RepetitionSession; result: RepetitionResult };

/**
 * `/uk/game/repetition`, «Повторення»: today's due cards with the game's task views, untimed;
 * then the score, the right answers with explanations, and what joined the footprint.
 */
export default function RepetitionPage({ onScored }: RepetitionPageProps) {
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  const [answers, setAnswers] = useState<Answers>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useFocusOnChange<HTMLHeadingElement>(stage.kind);

  const begin = useCallback(async () => {
    setStage({ kind: 'loading' });
    setAnswers([]);
    setFailure(null);
    try {
      const session = await api.post<RepetitionSession>('/game/repetition/sessions');
      setStage({ kind: 'playing', session });
    } catch (error) {
      const message = errorStatus(error) === 404 ? errorMessage(error) : t.startFailed;
      setStage(errorStatus(error) === 404 ? { kind: 'none', message } : { kind: 'failed', message });
    }
  }, []);

  // Once per visit (a development double effect must not deal a second session).
  const begun = useRef(false);
  useEffect(() => {
    if (begun.current) return;
    begun.current = true;
    void begin();
  }, [begin]);

  const onAnswer = useCallback((index: number, answer: TaskAnswer | null) => {
    setAnswers((given) => {
      const next = [...given];
      next[index] = answer;
      return next;
    });
  }, []);

  const session = stage.kind === 'playing' ? stage.session : null;
  const finish = useCallback(async () => {
    if (!session || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await api.post<RepetitionResult>(`/game/repetition/sessions/${session.sessionId}/answers`, {
        answers: session.tasks.map((_, i) => answers[i] ?? null),
      });
      setStage({ kind: 'done', session, result });
      onScored?.();
    } catch (error) {
      setFailure(errorStatus(error) > 0 ? errorMessage(error) : t.sendFailed);
    } finally {
      setBusy(false);
    }
  }, [session, busy, answers, onScored]);

  return (
    <section className={styles.page} aria-labelledby="repetition-title">
      <h1 id="repetition-title" ref={heading} tabIndex={-1} className={styles.titleSmall}>
        {stage.kind === 'done' ? t.finished : t.title}
      </h1>
      {stage.kind === 'loading' && <Spinner label={t.loading} />}
      {stage.kind === 'none' && (
        <div className={styles.repetition}>
          <p>{stage.message}</p>
          <Link to="/uk/game">{t.toGame}</Link>
        </div>
      )}
      {stage.kind === 'failed' && (
        <div className={styles.scoreActions}>
          <Alert>{stage.message}</Alert>
          <Button onClick={begin}>{t.again}</Button>
        </div>
      )}
      {stage.kind === 'playing' && (
        <div className={styles.round}>
          <TaskRunner
            key={stage.session.sessionId}
            tasks={stage.session.tasks}
            answers={answers}
            onAnswer={onAnswer}
            onFinish={finish}
            busy={busy}
            error={failure}
          />
        </div>
      )}
      {stage.kind === 'done' && (
        <div className={tasks.scoreScreen}>
          <TaskResults
            tasks={stage.session.tasks}
            answers={answers}
            score={stage.result.score}
            maxScore={stage.result.maxScore}
            late={false}
            results={stage.result.results}
            note={
              stage.result.score > 0 && (
                <p className={styles.capNote} role="status">
                  {stage.result.dailyCapReached && stage.result.footprintPoints < stage.result.score
                    ? t.dailyCap(stage.result.footprintPoints, stage.result.score)
                    : t.footprint(stage.result.footprintPoints)}
                  {stage.result.dueLeft > 0 && ` ${t.dueLeft(stage.result.dueLeft)}`}
                </p>
              )
            }
          />
          <div className={styles.scoreActions}>
            {stage.result.dueLeft > 0 && <Button onClick={begin}>{t.again}</Button>}
            <Link to="/uk/game" className={buttonClass('secondary')}>
              {t.toGame}
            </Link>
          </div>
        </div>
      )}
    </section>
  );
}
