import { CLAIM_MINUTES } from '@yedyni/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSearchText } from '../src/infra/db/search.js';
import { startTestApp, type TestApp, uniqueLetters } from './support/app.js';
import { importFixtures, signIn, signUp, staffAccount } from './support/courses.js';

// Each instance keeps the queue's and the history's pages under review_version, which triggers
// raise with every change those pages show (features/homework/queue-pages.ts, migration 0026).
// Every test reads a page on instance b first (so b keeps it), changes something through a or by
// hand in the database, and expects b's very next read to show it: without the version check, or
// without the trigger for that change, b would answer from what it kept.
let a: TestApp;
let b: TestApp;
let alpha: string;
let curatorA: string;
let curatorB: string;

beforeAll(async () => {
  a = await startTestApp();
  b = await startTestApp({}, { sharing: a });
  ({ alpha } = await importFixtures(a));
  const { person, token } = await staffAccount(a, 'moderator', { first_name: 'Тарас' });
  curatorA = token;
  curatorB = await signIn(b, person.email, person.password);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

async function learnerWithHomework() {
  const surname = uniqueLetters('Kesh');
  const { token, user } = await signUp(a, { last_name: surname });
  const { body } = await a.form('POST', '/api/exercises', {
    token,
    fields: { courseId: alpha, lessonId: '1', homework: 'Відповідь' },
  });
  return { token, userId: user._id as string, surname, exerciseId: body._id as string };
}

const queueOnB = async (query: string) => {
  const answer = await b.api('GET', `/api/exercises/queue?${query}`, { token: curatorB });
  expect(answer.status).toBe(200);
  return answer.body;
};
const historyOnB = async (q: string) => {
  const answer = await b.api('GET', `/api/exercises/reviewed?q=${encodeURIComponent(q)}`, { token: curatorB });
  expect(answer.status).toBe(200);
  return answer.body;
};
const db = () => a.app.services.db;

describe('queue and history pages kept per instance', () => {
  it('show new work, a claim and its release made on another instance at the next read', async () => {
    const before = (await queueOnB('who=all')).total;
    const unclaimedBefore = (await queueOnB('who=unclaimed')).total;
    const { exerciseId, surname } = await learnerWithHomework();
    expect((await queueOnB('who=all')).total).toBe(before + 1);
    expect((await queueOnB('who=unclaimed')).total).toBe(unclaimedBefore + 1);
    expect((await queueOnB(`learner=${surname}`)).items.map((i: { claim: unknown }) => i.claim)).toEqual([null]);

    expect((await a.api('POST', `/api/exercises/${exerciseId}/claim`, { token: curatorA })).status).toBe(200);
    expect((await queueOnB(`learner=${surname}`)).items[0].claim.curator.first_name).toBe('Тарас');
    expect((await queueOnB('who=unclaimed')).total).toBe(unclaimedBefore);
    expect((await queueOnB('who=mine')).total).toBe(1);

    expect((await a.api('DELETE', `/api/exercises/${exerciseId}/claim`, { token: curatorA })).status).toBe(200);
    expect((await queueOnB(`learner=${surname}`)).items[0].claim).toBeNull();
    expect((await queueOnB('who=unclaimed')).total).toBe(unclaimedBefore + 1);
    expect((await queueOnB('who=mine')).total).toBe(0);
  });

  it('count a claim as lapsed once its time is up, with no write to tell them', async () => {
    const { exerciseId, surname } = await learnerWithHomework();
    expect((await a.api('POST', `/api/exercises/${exerciseId}/claim`, { token: curatorA })).status).toBe(200);
    const held = await queueOnB(`learner=${surname}&who=unclaimed`);
    expect(held.total).toBe(0);
    b.clock.advance((CLAIM_MINUTES + 1) * 60_000);
    const lapsed = await queueOnB(`learner=${surname}&who=unclaimed`);
    expect(lapsed.total).toBe(1);
    expect(lapsed.items.map((i: { exerciseId: string }) => i.exerciseId)).toEqual([exerciseId]);
  });

  it('move reviewed work from the queue to the history, with its mark and last word', async () => {
    const { exerciseId, surname } = await learnerWithHomework();
    expect((await queueOnB(`learner=${surname}`)).total).toBe(1);
    expect((await historyOnB(surname)).total).toBe(0);
    const commented = await a.form('POST', '/api/exercises/comment', {
      token: curatorA,
      fields: { exerciseId, comment: 'Гарно.' },
    });
    expect(commented.status).toBe(201);
    expect((await queueOnB(`learner=${surname}`)).total).toBe(0);
    expect((await historyOnB(surname)).items[0]).toMatchObject({ exerciseId, rating: null, lastWord: 'Гарно.' });
    const rate = (rating: number) =>
      a.api('PATCH', '/api/exercises/rating', { token: curatorA, body: { exerciseId, rating } });
    expect((await rate(10)).status).toBe(200);
    expect((await historyOnB(surname)).items[0].rating).toBe(10);

    // A comment written straight into the table (an import, a hand fix) is a new last word too.
    const comment = await db()
      .selectFrom('exercise_comments')
      .select('id')
      .where('exercise_id', '=', exerciseId)
      .executeTakeFirstOrThrow();
    await db().updateTable('exercise_comments').set({ comment: 'Чудово!' }).where('id', '=', comment.id).execute();
    expect((await historyOnB(surname)).items[0].lastWord).toBe('Чудово!');
  });

  it('follow changes made by hand: a name, a course title, a wave', async () => {
    const { userId, surname } = await learnerWithHomework();
    const waveBefore = await queueOnB(`learner=${surname}&wave=1`);
    expect(waveBefore.total).toBe(1);
    expect(waveBefore.items[0].courseTitle).toBe('Альфа');

    const renamed = uniqueLetters('Novy');
    await db()
      .updateTable('users')
      .set({
        last_name: renamed,
        search: userSearchText({ first_name: 'Оксана', last_name: renamed, email: `${renamed}@example.org` }),
      })
      .where('id', '=', userId)
      .execute();
    expect((await queueOnB(`learner=${renamed}`)).items[0].learner.last_name).toBe(renamed);
    expect((await queueOnB(`learner=${surname}`)).total).toBe(0);

    await db().updateTable('courses').set({ title: 'Альфа нова' }).where('id', '=', alpha).execute();
    try {
      expect((await queueOnB(`learner=${renamed}`)).items[0].courseTitle).toBe('Альфа нова');
    } finally {
      await db().updateTable('courses').set({ title: 'Альфа' }).where('id', '=', alpha).execute();
    }

    await db()
      .updateTable('enrollments')
      .set({ wave: '2' })
      .where('user_id', '=', userId)
      .where('course_id', '=', alpha)
      .execute();
    expect((await queueOnB(`learner=${renamed}&wave=1`)).total).toBe(0);
    expect((await queueOnB(`learner=${renamed}&wave=2`)).items[0].wave).toBe('2');
  });

  it('count a claim in the claims number alone, and a change no page shows in neither', async () => {
    const versions = async () =>
      Object.fromEntries(
        (await db().selectFrom('review_version').select(['id', 'version']).execute()).map((r) => [
          r.id,
          Number(r.version),
        ]),
      );
    const { exerciseId } = await learnerWithHomework();
    const first = await versions();
    await a.api('POST', `/api/exercises/${exerciseId}/claim`, { token: curatorA });
    const claimed = await versions();
    expect(claimed[1]).toBe(first[1]);
    expect(claimed[2]).toBeGreaterThan(first[2] ?? 0);
    // Reading changes nothing; a change that touches no shown column does not count either.
    await queueOnB('who=all');
    await db().updateTable('exercises').set({ updated_at: sql`updated_at` }).where('id', '=', exerciseId).execute();
    expect(await versions()).toEqual(claimed);
  });
});
