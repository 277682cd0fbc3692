import { describe, expect, it } from 'vitest';
import { clubBodySchema } from './clubs.js';
import { configureUkrainianMessages } from './common.js';
import { olympiadBodySchema } from './olympiads.js';

configureUkrainianMessages();

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

const olympiad = { title: 'Осіння', startsAt: 1_000, endsAt: 2_000 };

describe('whole numbers say what is wrong with them (issue 18, item 13)', () => {
  it('500 tasks names the allowed range, not only «ціле число»', () => {
    expect(messages(olympiadBodySchema.safeParse({ ...olympiad, taskCount: 500 }))).toEqual({
      taskCount: 'Кількість завдань: від 3 до 30',
    });
  });

  it('a fraction, a text and a missing number each get their own message', () => {
    expect(messages(olympiadBodySchema.safeParse({ ...olympiad, durationMin: 2.5, taskCount: 'десять' }))).toEqual({
      durationMin: 'Тривалість спроби: від 1 до 180 хвилин, ціле число',
      taskCount: 'Кількість завдань: від 3 до 30, ціле число',
    });
    expect(messages(clubBodySchema.safeParse({ title: 'Клуб', host: 'Ірина', city: 'Львів', startsAt: 1 }))).toEqual({
      capacity: 'Кількість місць: обовʼязкове поле',
    });
    expect(
      messages(
        clubBodySchema.safeParse({
          title: 'Клуб',
          host: 'Ірина',
          city: 'Львів',
          startsAt: 1,
          capacity: 0,
          durationMin: 5,
        }),
      ),
    ).toEqual({
      capacity: 'Кількість місць: від 1 до 1000',
      durationMin: 'Тривалість: від 15 до 600 хвилин',
    });
  });
});
