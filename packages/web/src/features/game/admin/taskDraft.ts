import type { AuthoredTask, PlayTask, TaskType } from '@yedyni/contract';
import { type TaskPool, type TaskTopic, taskAdminTexts as t } from './texts';

/*
 * A game task as the form holds it: the fields of every type at once (switching the type keeps
 * what was typed), plain strings for the inputs. `taskOf` builds the contract's AuthoredTask.
 */

let sequence = 0;
const key = () => `task-row-${++sequence}`;

export interface TextRow {
  key: string;
  text: string;
}

export interface OptionRow extends TextRow {
  right: boolean;
}

export interface PairRow {
  key: string;
  left: string;
  right: string;
}

export interface TaskDraft {
  id: string;
  type: TaskType;
  level: 1 | 2 | 3;
  topic: TaskTopic;
  pool: TaskPool;
  prompt: string;
  explanation: string;
  active: boolean;
  quizOptions: OptionRow[];
  pairs: PairRow[];
  gapText: string;
  gapAnswers: TextRow[];
  gapUseOptions: boolean;
  gapOptions: TextRow[];
  orderSentence: string;
  alternatives: TextRow[];
  errorSentence: string;
  /** The wrong word's index in the sentence's words; null before one is chosen. */
  wrong: number | null;
  correction: string;
}

/** The contract's limits (game.ts authoredTaskSchema). */
export const LIMITS = {
  quizOptions: [2, 6],
  pairs: [2, 6],
  gapAnswers: [1, 10],
  gapOptions: [2, 6],
  alternatives: [0, 10],
  orderWords: [2, 12],
  errorWords: [2, 20],
} as const;

const rows = (texts: string[]): TextRow[] => texts.map((text) => ({ key: key(), text }));
export const newTextRow = (): TextRow => ({ key: key(), text: '' });
export const newOptionRow = (): OptionRow => ({ key: key(), text: '', right: false });
export const newPairRow = (): PairRow => ({ key: key(), left: '', right: '' });

/** A sentence's words: split at spaces, punctuation stays with its word. */
export const wordsOf = (sentence: string) => sentence.trim().split(/\s+/).filter(Boolean);

export function blankDraft(): TaskDraft {
  return {
    id: '',
    type: 'quiz',
    level: 1,
    topic: 'russianisms',
    pool: 'game',
    prompt: '',
    explanation: '',
    active: true,
    quizOptions: [newOptionRow(), newOptionRow(), newOptionRow()],
    pairs: [newPairRow(), newPairRow()],
    gapText: '',
    gapAnswers: [newTextRow()],
    gapUseOptions: false,
    gapOptions: [newTextRow(), newTextRow()],
    orderSentence: '',
    alternatives: [],
    errorSentence: '',
    wrong: null,
    correction: '',
  };
}

/** The form's fields for an existing task. */
export function draftOf(task: AuthoredTask, active: boolean): TaskDraft {
  const draft: TaskDraft = {
    ...blankDraft(),
    id: task.id,
    type: task.type,
    level: task.level,
    topic: task.topic,
    pool: task.pool ?? 'game',
    prompt: task.prompt,
    explanation: task.explanation,
    active,
  };
  switch (task.type) {
    case 'quiz':
      draft.quizOptions = task.options.map((text, i) => ({ key: key(), text, right: task.answers.includes(i) }));
      break;
    case 'match':
      draft.pairs = task.pairs.map(([left, right]) => ({ key: key(), left, right }));
      break;
    case 'gap':
      draft.gapText = task.text;
      draft.gapAnswers = rows(task.answers);
      draft.gapUseOptions = task.options !== undefined;
      if (task.options) draft.gapOptions = rows(task.options);
      break;
    case 'order':
      draft.orderSentence = task.words.join(' ');
      draft.alternatives = rows((task.alternatives ?? []).map((words) => words.join(' ')));
      break;
    case 'error':
      draft.errorSentence = task.words.join(' ');
      draft.wrong = task.wrong[0] ?? null;
      draft.correction = task.correction;
      break;
  }
  return draft;
}

const texts = (list: TextRow[]) => list.map((row) => row.text);
const sameWords = (a: string[], b: string[]) => [...a].sort().join('\u0000') === [...b].sort().join('\u0000');

/** What every type of task has, from the form's fields. */
export const commonOf = (draft: TaskDraft) => ({
  id: draft.id.trim(),
  level: draft.level,
  topic: draft.topic,
  pool: draft.pool,
  prompt: draft.prompt,
  explanation: draft.explanation,
});

/**
 * The task the form describes, or the first thing to fix before sending. Only what the server
 * cannot say well is checked here (the gap's marker, a right answer chosen, the alternatives'
 * words); lengths and limits are the contract's (the form checks the body by it).
 */
export function taskOf(draft: TaskDraft): { task: AuthoredTask } | { problem: string } {
  const common = commonOf(draft);
  switch (draft.type) {
    case 'quiz': {
      const answers = draft.quizOptions.flatMap((option, i) => (option.right ? [i] : []));
      if (answers.length === 0) return { problem: t.needQuizAnswer };
      return { task: { ...common, type: 'quiz', options: texts(draft.quizOptions), answers } };
    }
    case 'match':
      return { task: { ...common, type: 'match', pairs: draft.pairs.map((pair) => [pair.left, pair.right]) } };
    case 'gap': {
      if (draft.gapText.split('___').length !== 2) return { problem: t.needGap };
      return {
        task: {
          ...common,
          type: 'gap',
          text: draft.gapText,
          answers: texts(draft.gapAnswers),
          ...(draft.gapUseOptions ? { options: texts(draft.gapOptions) } : {}),
        },
      };
    }
    case 'order': {
      const words = wordsOf(draft.orderSentence);
      const alternatives = draft.alternatives.map((row) => wordsOf(row.text));
      const bad = alternatives.findIndex((other) => !sameWords(other, words));
      if (bad >= 0) return { problem: t.badAlternative(bad + 1) };
      return {
        task: { ...common, type: 'order', words, ...(alternatives.length ? { alternatives } : {}) },
      };
    }
    case 'error': {
      const words = wordsOf(draft.errorSentence);
      if (draft.wrong === null || draft.wrong >= words.length) return { problem: t.needWrong };
      return { task: { ...common, type: 'error', words, wrong: [draft.wrong], correction: draft.correction } };
    }
  }
}

/** Moves the last item to the front: a visibly different order, the same on every render. */
const rotate = <T>(items: T[]): T[] => (items.length > 1 ? [...items.slice(-1), ...items.slice(0, -1)] : items);

/** The task as a player receives it (no right answers; the order and match columns mixed). */
export function playTaskOf(task: AuthoredTask): PlayTask {
  const base = { id: task.id, type: task.type, level: task.level, prompt: task.prompt };
  switch (task.type) {
    case 'quiz':
      return { ...base, options: task.options, multiple: task.answers.length > 1 };
    case 'match':
      return { ...base, left: task.pairs.map((pair) => pair[0]), right: rotate(task.pairs.map((pair) => pair[1])) };
    case 'gap':
      return { ...base, text: task.text, ...(task.options ? { options: task.options } : {}) };
    case 'order':
      return { ...base, words: [...task.words].reverse() };
    case 'error':
      return { ...base, words: task.words };
  }
}
