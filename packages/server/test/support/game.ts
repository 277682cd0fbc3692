import type { AuthoredTask } from '@yedyni/contract';
import type { DealtTask } from '../../src/features/game/service.js';
import type { Layout } from '../../src/features/game/tasks.js';
import type { TestApp } from './app.js';

/** Where each original item (match pair, sentence token) was shown, by its original index. */
export function shownPositions(layout: Layout): number[] {
  const shown: number[] = [];
  (layout.shuffled ?? []).forEach((original, i) => {
    shown[original] = i;
  });
  return shown;
}

/** The full-marks answer to a task as it was laid out. */
export function fullMarksAnswer(task: AuthoredTask, layout: Layout): unknown {
  switch (task.type) {
    case 'quiz':
      return { choices: task.answers };
    case 'match':
      return { matches: shownPositions(layout) };
    case 'order':
      return { order: shownPositions(layout) };
    case 'gap':
      return { text: task.answers[0] };
    case 'error':
      return { index: task.wrong[0] };
  }
}

/** The right answers to dealt tasks (a round's or an olympiad attempt's), read where only the server keeps them. */
export async function rightAnswersFor(t: TestApp, dealtJson: string): Promise<unknown[]> {
  const rows = await t.app.services.db.selectFrom('game_tasks').select(['id', 'body']).execute();
  const bodies = new Map(rows.map((r) => [r.id, JSON.parse(r.body) as AuthoredTask]));
  return (JSON.parse(dealtJson) as DealtTask[]).map(({ id, layout }) =>
    fullMarksAnswer(bodies.get(id) as AuthoredTask, layout),
  );
}
