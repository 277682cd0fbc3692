import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { normalizeApostrophes, registerBodySchema } from './auth.js';
import { chatEditSchema, chatSendSchema } from './chat.js';
import { clubBodySchema } from './clubs.js';
import { courseCreateBodySchema, lessonCreateBodySchema, lessonEditSchema } from './courses.js';
import { diaryBodySchema } from './diary.js';
import { taskBodySchema } from './game.js';
import { addCommentFieldsSchema, createExerciseFieldsSchema, editCommentFieldsSchema } from './homework.js';
import { olympiadBodySchema } from './olympiads.js';
import { donationBodySchema } from './payments.js';

/**
 * Refused in every free-text field (issue 15, item 3): controls, separators, bidi overrides. A CR
 * is refused in one line and becomes a line feed in several.
 */
const ALWAYS_REFUSED = [
  '\u0000',
  '\u0007',
  '\u000b',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009b',
  '\u2028',
  '\u2029',
  '\u202e',
  '\u2066',
];

type Path = (string | number)[];
interface Case {
  schema: z.ZodType;
  valid: Record<string, unknown>;
  fields: { path: Path; label: string; lines: boolean }[];
}

const quiz = {
  id: 'quiz-1',
  level: 1,
  topic: 'grammar',
  type: 'quiz',
  prompt: 'Умова',
  explanation: 'Бо так',
  options: ['а', 'б'],
  answers: [0],
};
const CASES: Case[] = [
  {
    schema: donationBodySchema,
    valid: { amount: 40, subscribe: false, offerAccepted: true, comment: 'на книжки' },
    fields: [{ path: ['comment'], label: 'Коментар', lines: false }],
  },
  {
    schema: chatSendSchema,
    valid: { courseId: 'c1', wave: '1', text: 'Привіт' },
    fields: [{ path: ['text'], label: 'Повідомлення', lines: true }],
  },
  {
    schema: chatEditSchema,
    valid: { messageId: 'm1', text: 'Привіт' },
    fields: [{ path: ['text'], label: 'Повідомлення', lines: true }],
  },
  {
    schema: clubBodySchema,
    valid: {
      title: 'Клуб',
      description: 'Опис',
      city: 'Київ',
      place: 'Бібліотека',
      link: 'https://example.org/a',
      host: 'Олена',
      startsAt: 1,
      capacity: 10,
    },
    fields: [
      { path: ['title'], label: 'Назва', lines: false },
      { path: ['description'], label: 'Опис', lines: true },
      { path: ['city'], label: 'Місто', lines: false },
      { path: ['place'], label: 'Місце', lines: false },
      { path: ['link'], label: 'Посилання', lines: false },
      { path: ['host'], label: 'Ведучий', lines: false },
    ],
  },
  {
    schema: olympiadBodySchema,
    valid: { title: 'Олімпіада', description: 'Опис', startsAt: 1, endsAt: 2 },
    fields: [
      { path: ['title'], label: 'Назва', lines: false },
      { path: ['description'], label: 'Опис', lines: true },
    ],
  },
  {
    schema: diaryBodySchema,
    valid: { courseId: 'c1', lessonId: '1', date: '2026-03-03', entry: 'Запис', plan: 'План' },
    fields: [
      { path: ['entry'], label: 'Запис', lines: true },
      { path: ['plan'], label: 'План', lines: true },
    ],
  },
  {
    schema: createExerciseFieldsSchema,
    valid: { courseId: 'c1', lessonId: '1', homework: 'Відповідь' },
    fields: [{ path: ['homework'], label: 'Домашнє завдання', lines: true }],
  },
  {
    schema: addCommentFieldsSchema,
    valid: { exerciseId: 'e1', comment: 'Гарно' },
    fields: [{ path: ['comment'], label: 'Коментар', lines: true }],
  },
  {
    schema: editCommentFieldsSchema,
    valid: { exerciseId: 'e1', commentId: 'k1', comment: 'Гарно' },
    fields: [{ path: ['comment'], label: 'Коментар', lines: true }],
  },
  {
    schema: courseCreateBodySchema,
    valid: { title: 'Курс мови', slug: 'kurs', description: 'Опис', waveLabel: '1', waveStart: 1 },
    fields: [
      { path: ['title'], label: 'Назва', lines: false },
      { path: ['description'], label: 'Опис', lines: true },
    ],
  },
  {
    schema: lessonCreateBodySchema,
    valid: { theme: 'Тема' },
    fields: [{ path: ['theme'], label: 'Тема', lines: false }],
  },
  {
    schema: lessonEditSchema,
    valid: {
      theme: 'Тема',
      content: '# Урок',
      theory: 'Теорія',
      practice: 'Практика',
      diary: 'Напишіть',
      video: [{ title: 'Відео', url: 'https://example.org/v' }],
      test: [{ question: 'Питання?', options: ['так', 'ні'], answer: 0, explanation: 'Бо так' }],
    },
    fields: [
      { path: ['theme'], label: 'Тема', lines: false },
      { path: ['content'], label: 'Текст уроку', lines: true },
      { path: ['theory'], label: 'Теорія', lines: true },
      { path: ['practice'], label: 'Практика', lines: true },
      { path: ['diary'], label: 'Завдання щоденника', lines: true },
      { path: ['video', 0, 'title'], label: 'Назва відео', lines: false },
      { path: ['test', 0, 'question'], label: 'Питання', lines: false },
      { path: ['test', 0, 'options', 1], label: 'Варіант', lines: false },
      { path: ['test', 0, 'explanation'], label: 'Пояснення', lines: true },
    ],
  },
  {
    schema: taskBodySchema,
    valid: { task: quiz },
    fields: [
      { path: ['task', 'prompt'], label: 'Умова', lines: true },
      { path: ['task', 'explanation'], label: 'Пояснення', lines: true },
      { path: ['task', 'options', 0], label: 'Текст завдання', lines: false },
    ],
  },
];

function withValue(valid: Record<string, unknown>, path: Path, value: string): Record<string, unknown> {
  const copy = structuredClone(valid);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1) as string | number] = value;
  return copy;
}

const messages = (schema: z.ZodType, body: unknown) => {
  const result = schema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('free text refuses control characters (issue 15, item 3)', () => {
  for (const { schema, valid, fields } of CASES) {
    for (const { path, label, lines } of fields) {
      it(`${path.join('.')} (${label}) ${lines ? 'keeps line breaks and tabs' : 'is one line'}, refuses the rest`, () => {
        expect(messages(schema, valid)).toEqual([]);
        const refused = lines ? ALWAYS_REFUSED : [...ALWAYS_REFUSED, '\n', '\r', '\t'];
        for (const char of refused) {
          const found = messages(schema, withValue(valid, path, `рядок${char}=1+1`));
          expect(found, JSON.stringify(char)).toHaveLength(1);
          expect(found[0], JSON.stringify(char)).toMatch(new RegExp(`^${label}: без .*керівних символів`));
        }
        if (lines) {
          const parsed = schema.parse(withValue(valid, path, 'перший\r\nдругий\rтретій\n\tчетвертий')) as Record<
            string,
            unknown
          >;
          let value: unknown = parsed;
          for (const key of path) value = (value as Record<string | number, unknown>)[key];
          expect(value).toBe('перший\nдругий\nтретій\n\tчетвертий');
        }
      });
    }
  }

  it('names keep one apostrophe, U+02BC, whichever form was typed', () => {
    const person = {
      first_name: "Мар'яна",
      last_name: 'Д’Арк',
      email: 'o@example.org',
      password: 'довгий-пароль',
      consent: true,
    };
    const parsed = registerBodySchema.parse(person);
    expect([parsed.first_name, parsed.last_name]).toEqual(['Марʼяна', 'ДʼАрк']);
    expect(normalizeApostrophes("'‘’ʼʻ`´′＇")).toBe('ʼʼʼʼʼʼʼʼʼ');
  });

  it('names were already letters only: a line break or an override is refused there too', () => {
    const person = {
      first_name: 'Олена',
      last_name: 'Коваль',
      email: 'o@example.org',
      password: 'довгий-пароль',
      consent: true,
    };
    expect(messages(registerBodySchema, person)).toEqual([]);
    for (const char of ['\n', '\u202e', '\u0000']) {
      expect(messages(registerBodySchema, { ...person, first_name: `Оле${char}на` })[0]).toMatch(/^Імʼя: /);
    }
  });
});

describe('wording of the messages', () => {
  it('says «неправильний», never the calque «невірний» (issue 18, item 9)', async () => {
    const contract: Record<string, unknown> = await import('./index.js');
    const texts: string[] = [];
    const collect = (value: unknown) => {
      if (typeof value === 'string') texts.push(value);
      else if (value && typeof value === 'object' && !Array.isArray(value) && !('_zod' in value))
        Object.values(value).forEach(collect);
    };
    Object.values(contract).forEach(collect);
    expect(texts.length).toBeGreaterThan(50);
    expect(texts.filter((text) => /невірн/i.test(text))).toEqual([]);
    expect(texts).toContain('Неправильна електронна пошта або пароль');
  });
});
