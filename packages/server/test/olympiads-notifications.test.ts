import { kyivTime } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { notificationsOf, signUp, staff } from './support/courses.js';

let t: TestApp;
let admin: string;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.advance(kyivTime(2026, 4, 30, 12) - t.clock.now());
  admin = await staff(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

type Person = Awaited<ReturnType<typeof signUp>>;
const olympiadNotes = (person: Person) => notificationsOf(t, person, 'olympiads');
async function at(instant: number) {
  t.clock.advance(instant - t.clock.now());
  await t.app.services.notifications.tick();
}

describe('an olympiad starting', () => {
  it('is told to everyone once, at its Kyiv-midnight start, and to whoever joins while it is open', async () => {
    const start = kyivTime(2026, 5, 1, 0, 0);
    const made = await t.api('POST', '/api/admin/olympiads', {
      token: admin,
      body: { title: 'Травнева олімпіада', startsAt: start, endsAt: start + 2 * HOUR, durationMin: 20, taskCount: 5 },
    });
    expect(made.status).toBe(201);
    const people = [await signUp(t), await signUp(t), await signUp(t)];

    await at(start - 60 * 1000);
    expect(await olympiadNotes(people[0] as Person)).toEqual([]);
    await at(start);
    await at(start + 60 * 1000);
    for (const person of people) {
      const notes = await olympiadNotes(person);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({
        title: 'Почалася олімпіада «Травнева олімпіада»',
        body: 'Можна брати участь до 01-05-2026 02:00.',
        link: '/uk/olympiad',
      });
    }
    const newcomer = await signUp(t);
    await at(start + HOUR);
    expect(await olympiadNotes(newcomer)).toHaveLength(1);

    // Over: nobody else is told.
    await at(start + 2 * HOUR);
    const late = await signUp(t);
    await at(start + 2 * HOUR + 60 * 1000);
    expect(await olympiadNotes(late)).toEqual([]);
    const rows = await t.app.services.db
      .selectFrom('notifications')
      .select('user_id')
      .where('key', '=', `olympiad:${made.body._id}:start`)
      .execute();
    expect(rows).toHaveLength(new Set(rows.map((r) => r.user_id)).size);
  });
});
