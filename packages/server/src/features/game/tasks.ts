import { randomInt } from 'node:crypto';
import {
  type AuthoredTask,
  authoredTaskSchema,
  normalizeApostrophes,
  type PlayTask,
  TASK_POINTS,
  type TaskResult,
} from '@yedyni/contract';

/**
 * How a task was shown: the permutation of the shuffled column (match: shown right item → pair;
 * order: shown token → position in the sentence). Kept on the server with the round.
 */
export interface Layout {
  shuffled?: number[];
}

/** A random permutation of 0…n−1 that differs from the identity when it can. */
function permutation(n: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let attempt = 0; attempt < 5; attempt++) {
    for (let i = n - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    if (n < 2 || order.some((v, i) => v !== i)) break;
  }
  return order;
}

/** The task as the player gets it (no answers), and how it was laid out. */
export function playable(task: AuthoredTask): { play: PlayTask; layout: Layout } {
  const base = { id: task.id, type: task.type, level: task.level, prompt: task.prompt };
  switch (task.type) {
    case 'quiz':
      return { play: { ...base, options: task.options, multiple: task.answers.length > 1 }, layout: {} };
    case 'match': {
      const shuffled = permutation(task.pairs.length);
      return {
        play: {
          ...base,
          left: task.pairs.map(([left]) => left),
          right: shuffled.map((i) => (task.pairs[i] as [string, string])[1]),
        },
        layout: { shuffled },
      };
    }
    case 'gap':
      return { play: { ...base, text: task.text, ...(task.options ? { options: task.options } : {}) }, layout: {} };
    case 'order': {
      const shuffled = permutation(task.words.length);
      return { play: { ...base, words: shuffled.map((i) => task.words[i] as string) }, layout: { shuffled } };
    }
    case 'error':
      return { play: { ...base, words: task.words }, layout: {} };
  }
}

const isIndexList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((v) => Number.isInteger(v));

/** Case, spacing, apostrophe variants and composed/decomposed letters do not matter; stress marks do. */
export function normalize(text: string): string {
  return normalizeApostrophes(text).normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Scores one answer on the server. Anything malformed scores 0, never throws. Partial credit:
 * a several-answer quiz (right choices minus wrong ones) and matching (share of right pairs).
 */
export function score(task: AuthoredTask, layout: Layout, answer: unknown): number {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return 0;
  // Own fields only: nothing inherited through a crafted prototype counts.
  const given: Record<string, unknown> = Object.fromEntries(Object.entries(answer));
  switch (task.type) {
    case 'quiz': {
      if (!isIndexList(given.choices)) return 0;
      const chosen = new Set(given.choices);
      const right = new Set(task.answers);
      const hits = [...chosen].filter((c) => right.has(c)).length;
      const misses = chosen.size - hits;
      if (right.size === 1) return hits === 1 && misses === 0 ? TASK_POINTS : 0;
      return Math.round((Math.max(0, hits - misses) / right.size) * TASK_POINTS);
    }
    case 'match': {
      const shuffled = layout.shuffled ?? [];
      if (!Array.isArray(given.matches)) return 0;
      const matches = given.matches as unknown[];
      const right = task.pairs.filter((_, left) => {
        const shown = matches[left];
        return Number.isInteger(shown) && shuffled[shown as number] === left;
      }).length;
      return Math.round((right / task.pairs.length) * TASK_POINTS);
    }
    case 'gap':
      if (typeof given.text !== 'string') return 0;
      return task.answers.some((a) => normalize(a) === normalize(given.text as string)) ? TASK_POINTS : 0;
    case 'order': {
      const shuffled = layout.shuffled ?? [];
      if (!isIndexList(given.order) || given.order.length !== task.words.length) return 0;
      if (new Set(given.order).size !== given.order.length) return 0;
      const tokens = given.order.map((shown) => task.words[shuffled[shown] ?? -1]);
      const accepted = [task.words, ...(task.alternatives ?? [])];
      return accepted.some((words) => words.join(' ') === tokens.join(' ')) ? TASK_POINTS : 0;
    }
    case 'error':
      return given.index === task.wrong[0] ? TASK_POINTS : 0;
  }
}

/** The right answer in words, for the results screen. */
export function rightAnswer(task: AuthoredTask): string {
  switch (task.type) {
    case 'quiz':
      return task.answers.map((i) => task.options[i]).join('; ');
    case 'match':
      return task.pairs.map(([left, right]) => `${left} — ${right}`).join('; ');
    case 'gap':
      return task.text.replace('___', task.answers[0] ?? '');
    case 'order':
      return task.words.join(' ');
    case 'error':
      return `${task.words[task.wrong[0] ?? 0]} → ${task.correction}`;
  }
}

export function result(task: AuthoredTask, layout: Layout, answer: unknown): TaskResult {
  return {
    id: task.id,
    points: score(task, layout, answer),
    correct: rightAnswer(task),
    explanation: task.explanation,
  };
}

/**
 * Checks an authored task beyond its shape: indices in range, answers among the options, the
 * same tokens in every accepted order. Returns the problems in Ukrainian (empty when fine).
 */
export function taskProblems(raw: unknown): { task?: AuthoredTask; problems: string[] } {
  const parsed = authoredTaskSchema.safeParse(raw);
  if (!parsed.success) return { problems: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  const task = parsed.data;
  const problems: string[] = [];
  if (task.type === 'quiz') {
    if (task.answers.some((i) => i >= task.options.length)) problems.push('answers: номер поза варіантами');
    if (new Set(task.answers).size !== task.answers.length) problems.push('answers: повтор');
  }
  if (task.type === 'match') {
    const lefts = new Set(task.pairs.map(([l]) => normalize(l)));
    const rights = new Set(task.pairs.map(([, r]) => normalize(r)));
    if (lefts.size !== task.pairs.length || rights.size !== task.pairs.length) problems.push('pairs: повтори');
  }
  if (task.type === 'gap' && task.options) {
    const options = task.options.map(normalize);
    if (!task.answers.every((a) => options.includes(normalize(a)))) problems.push('answers: мають бути серед options');
  }
  if (task.type === 'order') {
    const sorted = [...task.words].sort().join('\u0000');
    if ((task.alternatives ?? []).some((alt) => [...alt].sort().join('\u0000') !== sorted)) {
      problems.push('alternatives: мають складатися з тих самих слів');
    }
  }
  if (task.type === 'error' && (task.wrong[0] ?? 0) >= task.words.length) problems.push('wrong: номер поза реченням');
  return problems.length ? { problems } : { task, problems };
}

/** Whether the player gave this answer at all (an untouched task sends nothing, null or an empty value). */
export function isAnswered(answer: unknown): boolean {
  if (answer === null || answer === undefined) return false;
  if (typeof answer === 'string') return answer.trim() !== '';
  if (Array.isArray(answer)) return answer.some(isAnswered);
  return true;
}
