import type { PlayTask, TaskAnswer } from '@yedyni/contract';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../ui/Alert';
import { AskAnyway } from '../ui/AskAnyway';
import { Button } from '../ui/Button';
import badges from '../ui/badges.module.css';
import layout from '../ui/layout.module.css';
import { type Answers, isAnswered } from './answers';
import styles from './Tasks.module.css';
import { TaskView } from './TaskView';
import { taskTexts as t } from './texts';
import { formatClock, useCountdown } from './useCountdown';

export interface TaskRunnerProps {
  tasks: PlayTask[];
  answers: Answers;
  onAnswer: (index: number, answer: TaskAnswer | null) => void;
  /** When the time is up, on this device's clock (see `localDeadline`); none: untimed («Повторення»). */
  deadline?: number;
  /** Sends the answers: on «Завершити», and by itself when the time is up. */
  onFinish: () => void;
  /** The answers are on their way. */
  busy: boolean;
  /** Why sending failed, if it did. */
  error?: string | null;
}

const ONE_MINUTE = 60_000;

/**
 * A timed set of tasks, one at a time: «Завдання 1 з 7» with a step list, the countdown (mm:ss),
 * «Назад» / «Далі» / «Завершити». At 0 the answers go by themselves.
 */
export function TaskRunner({ tasks, answers, onAnswer, deadline, onFinish, busy, error }: TaskRunnerProps) {
  const [current, setCurrent] = useState(0);
  const [asking, setAsking] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const timed = deadline !== undefined;
  const left = useCountdown(deadline ?? 0);
  const timeUp = timed && left <= 0;
  const sentOnTime = useRef(false);

  const task = tasks[current];
  const last = current === tasks.length - 1;
  const unanswered = tasks.filter((_, i) => !isAnswered(answers[i])).length;

  // A new task on screen: its heading takes focus (not on the first paint).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when another task is shown.
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [current]);

  // Time is up: the answers go once, whatever is on screen.
  useEffect(() => {
    if (timeUp && !sentOnTime.current) {
      sentOnTime.current = true;
      onFinish();
    }
  }, [timeUp, onFinish]);

  const go = (index: number) => {
    setAsking(false);
    setCurrent(Math.max(0, Math.min(tasks.length - 1, index)));
  };

  const finish = () => {
    if (unanswered > 0 && !asking) setAsking(true);
    else {
      setAsking(false);
      onFinish();
    }
  };

  if (!task) return null;
  const urgent = timed && left <= ONE_MINUTE;

  return (
    <div className={styles.runner}>
      <div className={`${layout.spread} ${styles.bar}`}>
        <p className={styles.count}>{t.progress(current + 1, tasks.length)}</p>
        {timed && (
          <p className={`${badges.badge} ${urgent ? badges.danger : badges.primary} ${styles.timer}`}>
            <span className={styles.timerLabel}>{t.timeLeft}</span> <span role="timer">{formatClock(left)}</span>
          </p>
        )}
      </div>
      <div className="sr-only" aria-live="polite">
        {timeUp ? t.timeUp : urgent ? t.oneMinute : ''}
      </div>
      <progress className={styles.progress} max={tasks.length} value={current + 1} aria-hidden="true" />
      <nav aria-label={t.steps}>
        <ol className={styles.steps}>
          {tasks.map((each, i) => {
            const done = isAnswered(answers[i]);
            return (
              <li key={each.id}>
                <button
                  type="button"
                  className={`${styles.step}${done ? ` ${styles.stepDone}` : ''}`}
                  aria-current={i === current ? 'step' : undefined}
                  onClick={() => go(i)}
                >
                  {i + 1}
                  <span className="sr-only">, {done ? t.stepAnswered : t.stepEmpty}</span>
                </button>
              </li>
            );
          })}
        </ol>
      </nav>

      <section className={styles.card} aria-label={t.progress(current + 1, tasks.length)}>
        <TaskView
          key={task.id}
          task={task}
          answer={answers[current] ?? null}
          onAnswer={(answer) => onAnswer(current, answer)}
          headingRef={heading}
        />
      </section>

      {error && <Alert>{error}</Alert>}
      {timeUp && !error && <p className={styles.hint}>{t.timeUp}</p>}

      {asking && (
        <AskAnyway
          question={t.unanswered(unanswered)}
          proceed={t.finishAnyway}
          back={t.keepGoing}
          onProceed={finish}
          onBack={() => setAsking(false)}
          busy={busy}
        />
      )}

      <div className={styles.nav}>
        <Button variant="secondary" onClick={() => go(current - 1)} disabled={current === 0}>
          <span aria-hidden="true">←</span> {t.back}
        </Button>
        {!last && (
          <Button onClick={() => go(current + 1)}>
            {t.next} <span aria-hidden="true">→</span>
          </Button>
        )}
        <Button variant={last ? 'accent' : 'secondary'} onClick={finish} disabled={busy || asking}>
          {busy ? t.sending : t.finish}
        </Button>
      </div>
    </div>
  );
}
