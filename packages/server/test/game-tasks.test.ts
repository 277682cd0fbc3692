import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AuthoredTask } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { normalize, playable, rightAnswer, score, taskProblems } from '../src/features/game/tasks.js';
import { fullMarksAnswer } from './support/game.js';

const GAME_CONTENT = fileURLToPath(new URL('../../../content/game', import.meta.url));

async function contentTasks(): Promise<unknown[]> {
  const files = (await readdir(GAME_CONTENT)).filter((f) => f.endsWith('.json')).sort();
  const lists = await Promise.all(files.map(async (f) => JSON.parse(await readFile(`${GAME_CONTENT}/${f}`, 'utf8'))));
  return lists.flat();
}

const quiz: AuthoredTask = {
  id: 'q-one',
  type: 'quiz',
  level: 1,
  topic: 'russianisms',
  prompt: 'Як правильно?',
  explanation: 'Так.',
  options: ['брати участь', 'приймати участь', 'взяти участь'],
  answers: [0, 2],
};
const single: AuthoredTask = { ...quiz, id: 'q-single', answers: [0] };
const match: AuthoredTask = {
  id: 'm-one',
  type: 'match',
  level: 1,
  topic: 'vocabulary',
  prompt: 'Зʼєднайте',
  explanation: 'Так.',
  pairs: [
    ['на протязі', 'протягом'],
    ['слідуючий', 'наступний'],
    ['міроприємство', 'захід'],
    ['являтися', 'бути'],
  ],
};
const gap: AuthoredTask = {
  id: 'g-one',
  type: 'gap',
  level: 2,
  topic: 'stress',
  prompt: 'Наголос',
  explanation: 'Так.',
  text: 'Постав тарілки в ___ шафку.',
  answers: ['кухо́нну'],
  options: ['ку́хонну', 'кухо́нну'],
};
const order: AuthoredTask = {
  id: 'o-one',
  type: 'order',
  level: 1,
  topic: 'grammar',
  prompt: 'Складіть речення',
  explanation: 'Так.',
  words: ['Дякую', 'вам', 'за', 'допомогу.'],
  alternatives: [['Вам', 'дякую', 'за', 'допомогу.']],
};
const error: AuthoredTask = {
  id: 'e-one',
  type: 'error',
  level: 3,
  topic: 'russianisms',
  prompt: 'Знайдіть помилку в реченні.',
  explanation: 'Так.',
  words: ['Я', 'приймаю', 'участь', 'у', 'конкурсі.'],
  wrong: [1],
  correction: 'беру',
};

describe('the game content', () => {
  it('has at least 60 valid tasks across every type and level, with unique ids', async () => {
    const tasks = await contentTasks();
    expect(tasks.length).toBeGreaterThanOrEqual(60);
    const valid = tasks.map((raw) => {
      const { task, problems } = taskProblems(raw);
      expect(problems, JSON.stringify(raw)).toEqual([]);
      return task as AuthoredTask;
    });
    expect(new Set(valid.map((t) => t.id)).size).toBe(valid.length);
    for (const type of ['quiz', 'match', 'gap', 'order', 'error']) {
      for (const level of [1, 2, 3]) expect(valid.some((t) => t.type === type && t.level === level)).toBe(true);
    }
  });

  it('never shows a right answer or an explanation before answering', async () => {
    for (const raw of await contentTasks()) {
      const task = raw as AuthoredTask;
      const { play, layout } = playable(task);
      const shown = JSON.stringify(play);
      for (const secret of ['answers', 'pairs', 'wrong', 'correction', 'alternatives', 'explanation', 'topic']) {
        expect(shown).not.toContain(`"${secret}"`);
      }
      if (task.type === 'match') {
        expect([...(play.right ?? [])].sort()).toEqual(task.pairs.map(([, r]) => r).sort());
        expect(layout.shuffled?.some((v, i) => v !== i)).toBe(true);
      }
      if (task.type === 'order') expect([...(play.words ?? [])].sort()).toEqual([...task.words].sort());
      // Laid out however it was, the right answer scores full points.
      expect(score(task, layout, fullMarksAnswer(task, layout)), task.id).toBe(10);
    }
  });
});

describe('scoring', () => {
  it('quiz: exact for one right answer; right minus wrong choices for several', () => {
    expect(score(single, {}, { choices: [0] })).toBe(10);
    expect(score(single, {}, { choices: [0, 1] })).toBe(0);
    expect(score(single, {}, { choices: [1] })).toBe(0);
    expect(score(quiz, {}, { choices: [2, 0] })).toBe(10);
    expect(score(quiz, {}, { choices: [0] })).toBe(5);
    expect(score(quiz, {}, { choices: [0, 1] })).toBe(0);
    expect(score(quiz, {}, { choices: [0, 0, 0] })).toBe(5);
    expect(score(quiz, {}, { choices: [0, 1, 2] })).toBe(5);
    expect(score(quiz, {}, { choices: [0, 2, 7] })).toBe(5);
  });

  it('match: the share of right pairs, whatever the shuffle', () => {
    const layout = { shuffled: [2, 0, 3, 1] };
    expect(score(match, layout, { matches: [1, 3, 0, 2] })).toBe(10);
    expect(score(match, layout, { matches: [1, 3, 2, 0] })).toBe(5);
    expect(score(match, layout, { matches: [1] })).toBe(3);
    expect(score(match, layout, { matches: [1, 1, 1, 1] })).toBe(3);
    expect(score(match, layout, { matches: [0, 1, 2, 3] })).toBe(0);
  });

  it('gap: the accepted text, ignoring case, spaces and Unicode form, but not the stress', () => {
    expect(score(gap, {}, { text: 'кухо́нну' })).toBe(10);
    expect(score(gap, {}, { text: '  КУХО́ННУ ' })).toBe(10);
    expect(score(gap, {}, { text: 'кухо́нну'.normalize('NFD') })).toBe(10);
    expect(score(gap, {}, { text: 'ку́хонну' })).toBe(0);
    expect(score(gap, {}, { text: 'кухонну' })).toBe(0);
    expect(normalize('пʼять')).toBe(normalize("п'ять"));
    // Every apostrophe a keyboard or a phone may type, as names are (contract normalizeApostrophes).
    for (const typed of ['п‘ять', 'пʻять', 'п´ять', 'п＇ять']) expect(normalize(typed)).toBe(normalize('пʼять'));
  });

  it('order: the sentence or an accepted alternative; anything but a permutation scores 0', () => {
    const layout = { shuffled: [3, 1, 0, 2] }; // shown: «допомогу.», «вам», «Дякую», «за»
    expect(score(order, layout, { order: [2, 1, 3, 0] })).toBe(10);
    expect(score(order, layout, { order: [2, 3, 1, 0] })).toBe(0);
    expect(score(order, layout, { order: [2, 1, 3] })).toBe(0);
    expect(score(order, layout, { order: [2, 2, 3, 0] })).toBe(0);
    expect(score(order, layout, { order: [2, 1, 3, 9] })).toBe(0);
  });

  it('error: the wrong token', () => {
    expect(score(error, {}, { index: 1 })).toBe(10);
    expect(score(error, {}, { index: 2 })).toBe(0);
    expect(rightAnswer(error)).toBe('приймаю → беру');
  });

  it('malformed answers score 0 and never throw', () => {
    const junk: unknown[] = [
      null,
      undefined,
      42,
      'текст',
      [],
      {},
      { choices: 'all' },
      { choices: [0.5] },
      { matches: 'x' },
      { text: 5 },
      { order: null },
      { index: '1' },
      { __proto__: { choices: [0] } },
    ];
    for (const task of [single, quiz, match, gap, order, error]) {
      for (const answer of junk) expect(score(task, { shuffled: [0, 1, 2, 3] }, answer)).toBe(0);
    }
  });

  it('checks authored tasks: indices, options, alternatives', () => {
    expect(taskProblems({ ...quiz, answers: [5] }).problems).toEqual(['answers: номер поза варіантами']);
    expect(taskProblems({ ...gap, answers: ['інше'] }).problems).toEqual(['answers: мають бути серед options']);
    expect(taskProblems({ ...order, alternatives: [['Дякую', 'тобі', 'за', 'допомогу.']] }).problems).toHaveLength(1);
    expect(taskProblems({ ...error, wrong: [9] }).problems).toEqual(['wrong: номер поза реченням']);
    expect(taskProblems({ ...gap, text: 'без пропуску' }).problems[0]).toContain('text');
    expect(taskProblems({ type: 'riddle' }).problems.length).toBeGreaterThan(0);
  });
});
