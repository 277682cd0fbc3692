import type { PlayTask, TaskAnswer } from '@yedyni/contract';

/** One answer per task, in order; null for a task left without an answer. */
export type Answers = (TaskAnswer | null)[];

/** A task scores this many points when fully right (contract game.ts `TASK_POINTS`). */
export const TASK_POINTS = 10;

/** How a scored task went: all points, some, or none. */
export type Outcome = 'right' | 'partly' | 'wrong';

export function outcomeOf(points: number): Outcome {
  if (points >= TASK_POINTS) return 'right';
  return points > 0 ? 'partly' : 'wrong';
}

/** Whether the answer says anything: an empty choice or an untouched match counts as no answer. */
export function isAnswered(answer: TaskAnswer | null | undefined): answer is TaskAnswer {
  if (!answer) return false;
  if ('choices' in answer) return answer.choices.length > 0;
  if ('matches' in answer) return answer.matches.some((m) => m !== null);
  if ('text' in answer) return answer.text.trim() !== '';
  if ('order' in answer) return answer.order.length > 0;
  return Number.isInteger(answer.index);
}

/** The answers as the server takes them: one per task, null where there is none. */
export function answersFor(tasks: PlayTask[], answers: Answers): Answers {
  return tasks.map((_, i) => {
    const answer = answers[i];
    return isAnswered(answer) ? answer : null;
  });
}

/** The player's answer in words, for the results screen; '' when there is none. */
export function describeAnswer(task: PlayTask, answer: TaskAnswer | null | undefined): string {
  if (!isAnswered(answer)) return '';
  if ('choices' in answer) return answer.choices.map((i) => task.options?.[i] ?? '').join('; ');
  if ('matches' in answer) {
    return (task.left ?? [])
      .map((left, i) => {
        const right = answer.matches[i];
        return `${left} — ${right == null ? '…' : (task.right?.[right] ?? '…')}`;
      })
      .join('; ');
  }
  if ('text' in answer) return (task.text ?? '___').replace('___', answer.text.trim());
  if ('order' in answer) return answer.order.map((i) => task.words?.[i] ?? '').join(' ');
  return task.words?.[answer.index] ?? '';
}
