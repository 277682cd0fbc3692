import { DEFAULT_NOTIFICATION_PREFERENCES, kyivTime } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { notificationsOf, signUp, staff } from './support/courses.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.advance(kyivTime(2026, 4, 10, 7) - t.clock.now());
  admin = await staff(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

type Person = Awaited<ReturnType<typeof signUp>>;

async function club(startsAt: number, title: string): Promise<string> {
  const answer = await t.api('POST', '/api/admin/clubs', {
    token: admin,
    body: {
      title,
      description: 'Говоримо про щоденне.',
      city: 'Київ',
      place: 'Бібліотека на Подолі',
      link: '',
      host: 'Тарас Мельник',
      startsAt,
      durationMin: 90,
      capacity: 10,
    },
  });
  expect(answer.status).toBe(201);
  return answer.body._id;
}
async function member(clubId: string, digestHour = 8): Promise<Person> {
  const person = await signUp(t);
  const body = { ...DEFAULT_NOTIFICATION_PREFERENCES, digestHour };
  expect((await t.api('PUT', '/api/notifications/preferences', { token: person.token, body })).status).toBe(200);
  expect((await t.api('POST', `/api/clubs/${clubId}/signup`, { token: person.token })).status).toBe(200);
  return person;
}
const clubNotes = async (person: Person) =>
  (await notificationsOf(t, person, 'clubs'))
    .map((n: { title: string; body: string; link: string }) => `${n.title} | ${n.body} | ${n.link}`)
    .reverse();
async function at(year: number, month: number, day: number, hour: number, minute = 0) {
  t.clock.advance(kyivTime(year, month, day, hour, minute) - t.clock.now());
  await t.app.services.notifications.tick();
}

describe('club reminders', () => {
  it('the day before at my digest hour and within the last hour, once each; not once I left or after it began', async () => {
    const id = await club(kyivTime(2026, 4, 11, 19), 'Кава українською');
    const early = await member(id, 8);
    const late = await member(id, 9);
    const left = await member(id, 8);
    expect((await t.api('DELETE', `/api/clubs/${id}/signup`, { token: left.token })).status).toBe(200);

    await at(2026, 4, 10, 7, 59);
    expect(await clubNotes(early)).toEqual([]);
    await at(2026, 4, 10, 8);
    await at(2026, 4, 10, 8, 1);
    const day = 'Завтра розмовний клуб «Кава українською» | 11-04-2026 19:00, Київ, Бібліотека на Подолі. | /uk/clubs';
    expect(await clubNotes(early)).toEqual([day]);
    expect(await clubNotes(late)).toEqual([]);
    await at(2026, 4, 10, 9);
    expect(await clubNotes(late)).toEqual([day]);

    await at(2026, 4, 11, 17, 59);
    expect(await clubNotes(early)).toEqual([day]);
    await at(2026, 4, 11, 18);
    await at(2026, 4, 11, 18, 30);
    const hour =
      'За годину розмовний клуб «Кава українською» | 11-04-2026 19:00, Київ, Бібліотека на Подолі. | /uk/clubs';
    expect(await clubNotes(early)).toEqual([day, hour]);
    expect(await clubNotes(late)).toEqual([day, hour]);
    expect(await clubNotes(left)).toEqual([]);

    // After it began: nothing more.
    await at(2026, 4, 11, 19, 10);
    expect(await clubNotes(early)).toEqual([day, hour]);
  });

  it('around Kyiv midnight: «tomorrow» is the Kyiv date, so at 00:00 a morning club is today’s', async () => {
    const id = await club(kyivTime(2026, 4, 13, 10), 'Ранкова розмова');
    const evening = await member(id, 8);
    await at(2026, 4, 12, 23, 59);
    expect(await clubNotes(evening)).toEqual([
      'Завтра розмовний клуб «Ранкова розмова» | 13-04-2026 10:00, Київ, Бібліотека на Подолі. | /uk/clubs',
    ]);
    const night = await member(id, 8);
    await at(2026, 4, 13, 0);
    await at(2026, 4, 13, 8);
    expect(await clubNotes(night)).toEqual([]);
  });
});
