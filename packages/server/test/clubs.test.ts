import { CLUB_MESSAGES } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { curator, DAY, signUp, staff } from './support/courses.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await staff(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

const club = (overrides: Record<string, unknown> = {}) => ({
  title: 'Розмовний клуб «Кава українською»',
  description: 'Говоримо про щоденне.',
  city: 'Київ',
  place: 'Бібліотека на Подолі',
  link: 'https://meet.example.org/kava',
  host: 'Тарас Мельник',
  startsAt: t.clock.now() + 3 * DAY,
  durationMin: 90,
  capacity: 3,
  ...overrides,
});

async function created(overrides: Record<string, unknown> = {}) {
  const answer = await t.api('POST', '/api/admin/clubs', { token: admin, body: club(overrides) });
  expect(answer.status).toBe(201);
  return answer.body;
}

describe('conversation clubs', () => {
  it('only admins create and edit clubs and see who signed up', async () => {
    const { token } = await signUp(t);
    const moderator = await curator(t);
    for (const who of [token, moderator]) {
      expect((await t.api('POST', '/api/admin/clubs', { token: who, body: club() })).status).toBe(403);
    }
    const made = await created();
    expect(made).toMatchObject({ city: 'Київ', capacity: 3, seatsLeft: 3, signedUp: false });
    expect((await t.api('GET', `/api/admin/clubs/${made._id}/signups`, { token })).status).toBe(403);
    const online = await t.api('POST', '/api/admin/clubs', { token: admin, body: club({ city: '', link: '' }) });
    expect(online.status).toBe(400);
    expect(online.body.message).toBe('Посилання: онлайн-клубу потрібне посилання на зустріч');
  });

  it('lets a learner sign up once and cancel; a city club’s link shows only to those signed up', async () => {
    const made = await created();
    const { token } = await signUp(t);
    const listed = (await t.api('GET', '/api/clubs?city=Київ', { token })).body;
    expect(listed.cities).toContain('Київ');
    expect(listed.clubs.find((c: { _id: string }) => c._id === made._id).link).toBe('');
    const forAdmin = (await t.api('GET', '/api/clubs?city=Київ', { token: admin })).body.clubs;
    expect(forAdmin.find((c: { _id: string }) => c._id === made._id).link).toBe('https://meet.example.org/kava');
    const joined = await t.api('POST', `/api/clubs/${made._id}/signup`, { token });
    expect(joined.body).toMatchObject({ signedUp: true, seatsLeft: 2, link: 'https://meet.example.org/kava' });
    const twice = await t.api('POST', `/api/clubs/${made._id}/signup`, { token });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(CLUB_MESSAGES.already);
    const mine = (await t.api('GET', '/api/clubs?mine=true', { token })).body.clubs;
    expect(mine.map((c: { _id: string }) => c._id)).toEqual([made._id]);
    const cancelled = await t.api('DELETE', `/api/clubs/${made._id}/signup`, { token });
    expect(cancelled.body).toMatchObject({ signedUp: false, seatsLeft: 3 });
    expect((await t.api('DELETE', `/api/clubs/${made._id}/signup`, { token })).status).toBe(404);
  });

  it('never overbooks: of 20 simultaneous sign-ups for 2 seats exactly 2 win', async () => {
    const made = await created({ capacity: 2 });
    const people = await Promise.all(Array.from({ length: 20 }, () => signUp(t)));
    const answers = await Promise.all(
      people.map(({ token }) => t.api('POST', `/api/clubs/${made._id}/signup`, { token })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.message === CLUB_MESSAGES.full)).toBe(true);
    const signups = await t.api('GET', `/api/admin/clubs/${made._id}/signups`, { token: admin });
    expect(signups.body.signups).toHaveLength(2);
    const row = await t.app.services.db
      .selectFrom('clubs')
      .select('seats_taken')
      .where('id', '=', made._id)
      .executeTakeFirstOrThrow();
    expect(row.seats_taken).toBe(2);
    const smaller = await t.api('PUT', `/api/admin/clubs/${made._id}`, { token: admin, body: club({ capacity: 1 }) });
    expect(smaller.status).toBe(409);

    // The very last seat: exactly one of ten gets it.
    const lastSeat = await created({ capacity: 1 });
    const racers = await Promise.all(Array.from({ length: 10 }, () => signUp(t)));
    const race = await Promise.all(
      racers.map(({ token }) => t.api('POST', `/api/clubs/${lastSeat._id}/signup`, { token })),
    );
    expect(race.filter((a) => a.status === 200)).toHaveLength(1);
  });

  it('refuses sign-ups for a meeting that has passed', async () => {
    const made = await created({ startsAt: t.clock.now() + DAY });
    t.clock.advance(2 * DAY);
    const { token } = await signUp(t);
    const late = await t.api('POST', `/api/clubs/${made._id}/signup`, { token });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(CLUB_MESSAGES.past);
  });
});
