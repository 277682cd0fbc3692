import type { PlayTask, TaskResult } from '@yedyni/contract';
import type { ReactNode } from 'react';
import badges from '../ui/badges.module.css';
import layout from '../ui/layout.module.css';
import surfaces from '../ui/surfaces.module.css';
import { type Answers, describeAnswer, outcomeOf } from './answers';
import styles from './Tasks.module.css';
import { taskTexts as t } from './texts';

export interface TaskResultsProps {
  tasks: PlayTask[];
  /** What the player answered, to show beside the right answers. */
  answers: Answers;
  score: number;
  maxScore: number;
  late: boolean;
  results: TaskResult[];
  /** What the score means beyond itself (the game's daily cap), shown right under it, before the long list. */
  note?: ReactNode;
}

/** The score («42 з 70»), then per task: the answer given (right, partly, wrong), the right one, why. */
const tone = {
  right: { item: styles.resultRight, badge: badges.success, mark: '✓' },
  partly: { item: styles.resultPartly, badge: badges.warning, mark: '◐' },
  wrong: { item: styles.resultWrong, badge: badges.danger, mark: '✗' },
} as const;

export function TaskResults({ tasks, answers, score, maxScore, late, results, note }: TaskResultsProps) {
  return (
    <div className={styles.results}>
      <p className={styles.score}>
        <span className={styles.scoreLabel}>{t.scoreLabel}</span>
        <strong className={styles.scoreValue}>{t.score(score, maxScore)}</strong>
      </p>
      {late && <p className={styles.late}>{t.late}</p>}
      {note}
      <ol className={layout.list} aria-label={t.resultsList}>
        {results.map((result, i) => {
          const task = tasks.find((each) => each.id === result.id) ?? tasks[i];
          const outcome = outcomeOf(result.points);
          const given = task ? describeAnswer(task, answers[tasks.indexOf(task)]) : '';
          return (
            <li key={result.id} className={`${surfaces.card} ${styles.resultItem} ${tone[outcome].item}`}>
              <div className={styles.resultHead}>
                <h3 className={styles.resultPrompt}>
                  <span className={styles.resultNumber}>{i + 1}.</span> {task?.prompt ?? ''}
                </h3>
                <p className={`${badges.badge} ${tone[outcome].badge} ${styles.badge}`}>
                  <span aria-hidden="true">{tone[outcome].mark}</span> {t.outcome[outcome]} · {t.points(result.points)}
                </p>
              </div>
              <dl className={styles.resultFacts}>
                <div>
                  <dt>{t.yourAnswer}</dt>
                  <dd className={given ? undefined : styles.muted}>{given || t.noAnswer}</dd>
                </div>
                <div>
                  <dt>{t.rightAnswer}</dt>
                  <dd className={styles.correct}>{result.correct}</dd>
                </div>
                <div>
                  <dt>{t.why}</dt>
                  <dd>{result.explanation}</dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
