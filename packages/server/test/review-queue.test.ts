import { ACCESS_MESSAGES, CLAIM_MINUTES, REVIEW_MESSAGES } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, uniqueLetters } from './support/app.js';
import { importFixtures, signUp, staff, staffAccount } from './support/courses.js';

const HOUR = 3_600_000;
let t: TestApp;
let alpha: string;
let taras: string;
let olena: string;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ alpha } = await importFixtures(t));
  taras = await namedCurator('Тарас');
  olena = await namedCurator('Олена');
  admin = await staff(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

const ids = new Map<string, string>();
/** A curator with a given first name (the claim message names it); ids remembers their id. */
async function namedCurator(first_name: string): Promise<string> {
  const { id, token } = await staffAccount(t, 'moderator', { first_name });
  ids.set(first_name, id);
  return token;
}

/** A learner with a unique surname (the queue's learner filter finds their work alone) and homework to lesson 1. */
async function learnerWithHomework(text = 'Моя відповідь') {
  const surname = uniqueLetters('Uch');
  const { token, person } = await signUp(t, { last_name: surname });
  const { body } = await t.form('POST', '/api/exercises', {
    token,
    fields: { courseId: alpha, lessonId: '1', homework: text },
  });
  return { token, person, surname, exerciseId: body._id as string };
}

const queue = (token: string, query: string) => t.api('GET', `/api/exercises/queue?${query}`, { token });

describe('the review queue', () => {
  it('lists waiting work oldest first with its age, course, wave and learner, and counts what is left', async () => {
    const prefix = uniqueLetters('Queue');
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { token } = await signUp(t, { last_name: `${prefix}${'abc'[i]}` });
      const { body } = await t.form('POST', '/api/exercises', {
        token,
        fields: { courseId: alpha, lessonId: '1', homework: 'x' },
      });
      made.push(body._id);
      t.clock.advance(60_000);
    }
    const { status, body } = await queue(taras, `learner=${encodeURIComponent(prefix.toLowerCase())}`);
    expect(status).toBe(200);
    expect(body.total).toBe(3);
    expect(body.items.map((i: { exerciseId: string }) => i.exerciseId)).toEqual(made);
    expect(body.items[0]).toMatchObject({
      courseId: alpha,
      courseTitle: 'Альфа',
      wave: '1',
      lessonId: '1',
      claim: null,
    });
    expect(body.items[0].waitingSince).toBeLessThan(body.items[1].waitingSince);
    expect(body.items[0].learner.last_name).toBe(`${prefix}a`);
    // Each filter narrows it.
    expect((await queue(taras, `learner=${prefix}&course=${alpha}&wave=1&lesson=1`)).body.total).toBe(3);
    expect((await queue(taras, `learner=${prefix}&lesson=2`)).body.total).toBe(0);
    expect((await queue(taras, `learner=${prefix}&wave=2`)).body.total).toBe(0);
    expect((await queue(taras, `learner=${prefix}&course=nope`)).body.total).toBe(0);
    // A learner's edit keeps its place (waiting since the first hand-in), an answer takes it out.
    expect((await queue(taras, 'lesson=0')).status).toBe(400);
  });

  it('keeps the first waiting time through an edit, and an answer takes it out into the history', async () => {
    const { token, surname, exerciseId } = await learnerWithHomework('Перша версія');
    const first = (await queue(taras, `learner=${surname}`)).body.items[0].waitingSince;
    t.clock.advance(HOUR);
    await t.form('PATCH', '/api/exercises', { token, fields: { exerciseId, homework: 'Друга версія' } });
    expect((await queue(taras, `learner=${surname}`)).body.items[0].waitingSince).toBe(first);
    const commented = await t.form('POST', '/api/exercises/comment', {
      token: taras,
      fields: { exerciseId, comment: 'Гарно, але перевірте відмінки.' },
    });
    expect(commented.status).toBe(201);
    expect((await queue(taras, `learner=${surname}`)).body.total).toBe(0);
    const history = await t.api('GET', `/api/exercises/reviewed?q=${encodeURIComponent(surname)}`, { token: olena });
    expect(history.body.total).toBe(1);
    expect(history.body.items[0]).toMatchObject({
      exerciseId,
      lastWord: 'Гарно, але перевірте відмінки.',
      rating: null,
    });
    // The learner asks again: back in the queue, waiting from now.
    t.clock.advance(HOUR);
    await t.form('POST', '/api/exercises/comment', { token, fields: { exerciseId, comment: 'Виправила.' } });
    const again = (await queue(taras, `learner=${surname}`)).body.items[0];
    expect(again.waitingSince).toBe(t.clock.now());
    expect(
      (await t.api('GET', `/api/exercises/reviewed?q=${encodeURIComponent(surname)}`, { token: olena })).body.total,
    ).toBe(0);
  });

  it('finds reviewed work by the learner’s name, in any case, and shows the mark', async () => {
    const { exerciseId, surname } = await learnerWithHomework('Речення зі словом.');
    expect(
      (await t.api('PATCH', '/api/exercises/rating', { token: taras, body: { exerciseId, rating: 11 } })).status,
    ).toBe(200);
    const q = encodeURIComponent(surname.toLocaleUpperCase('uk'));
    const found = await t.api('GET', `/api/exercises/reviewed?q=${q}`, { token: taras });
    expect(found.body.items).toEqual([expect.objectContaining({ exerciseId, rating: 11, lastWord: '' })]);
    expect((await t.api('GET', `/api/exercises/reviewed?q=${q}&course=nope`, { token: taras })).body.total).toBe(0);
    expect((await t.api('GET', '/api/exercises/reviewed?q=nobody-like-this', { token: taras })).body).toMatchObject({
      items: [],
      total: 0,
    });
    expect((await t.api('GET', `/api/exercises/${exerciseId}`, { token: olena })).status).toBe(200);
  });

  it('lets exactly one of two curators claim at once; the other is told who reviews it', async () => {
    const { surname, exerciseId } = await learnerWithHomework();
    const answers = await Promise.all([
      t.api('POST', `/api/exercises/${exerciseId}/claim`, { token: taras }),
      t.api('POST', `/api/exercises/${exerciseId}/claim`, { token: olena }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const [won, lost] = answers[0]?.status === 200 ? [answers[0], answers[1]] : [answers[1], answers[0]];
    const winner = won === answers[0] ? 0 : 1;
    const holder = winner === 0 ? 'Тарас' : 'Олена';
    const [holderToken, otherToken] = winner === 0 ? [taras, olena] : [olena, taras];
    expect(won?.body.curator.first_name).toBe(holder);
    expect(lost?.body.message).toBe(REVIEW_MESSAGES.claimedBy(holder));
    expect(lost?.body.message).toBe(`Цю роботу зараз переглядає ${holder}`);
    // Tabs: mine for the holder, not unclaimed; the queue names the holder.
    expect((await queue(holderToken, `learner=${surname}&who=mine`)).body.total).toBe(1);
    expect((await queue(otherToken, `learner=${surname}&who=mine`)).body.total).toBe(0);
    expect((await queue(otherToken, `learner=${surname}&who=unclaimed`)).body.total).toBe(0);
    const all = await queue(otherToken, `learner=${surname}&who=all`);
    expect(all.body.items[0].claim.curator.first_name).toBe(holder);
    // The holder renews; it lapses by itself after CLAIM_MINUTES without activity.
    t.clock.advance((CLAIM_MINUTES - 1) * 60_000);
    expect((await t.api('POST', `/api/exercises/${exerciseId}/claim`, { token: holderToken })).status).toBe(200);
    t.clock.advance((CLAIM_MINUTES - 1) * 60_000);
    expect((await t.api('POST', `/api/exercises/${exerciseId}/claim`, { token: otherToken })).status).toBe(409);
    t.clock.advance(2 * 60_000);
    expect((await queue(otherToken, `learner=${surname}&who=unclaimed`)).body.total).toBe(1);
    expect((await t.api('POST', `/api/exercises/${exerciseId}/claim`, { token: otherToken })).status).toBe(200);
    // Released by the holder on «next»; a rating releases it too.
    expect((await t.api('DELETE', `/api/exercises/${exerciseId}/claim`, { token: otherToken })).status).toBe(200);
    expect((await queue(holderToken, `learner=${surname}&who=unclaimed`)).body.total).toBe(1);
    await t.api('POST', `/api/exercises/${exerciseId}/claim`, { token: holderToken });
    await t.api('PATCH', '/api/exercises/rating', { token: holderToken, body: { exerciseId, rating: 9 } });
    const row = await t.app.services.db
      .selectFrom('exercises')
      .selectAll()
      .where('id', '=', exerciseId)
      .executeTakeFirstOrThrow();
    expect(row.claimed_by).toBeNull();
    expect((await t.api('POST', `/api/exercises/${exerciseId}/claim`, { token: otherToken })).body.message).toBe(
      REVIEW_MESSAGES.notWaiting,
    );
  });

  it('lets an admin alone reassign a claim, and audits it', async () => {
    const { exerciseId } = await learnerWithHomework();
    await t.api('POST', `/api/exercises/${exerciseId}/claim`, { token: taras });
    const olenaId = ids.get('Олена');
    const byCurator = await t.api('PUT', `/api/exercises/${exerciseId}/claim`, {
      token: olena,
      body: { curatorId: olenaId },
    });
    expect(byCurator.status).toBe(403);
    expect(byCurator.body.message).toBe(ACCESS_MESSAGES.adminsOnly);
    const { user: learner } = await signUp(t);
    const toLearner = await t.api('PUT', `/api/exercises/${exerciseId}/claim`, {
      token: admin,
      body: { curatorId: learner._id },
    });
    expect(toLearner.status).toBe(400);
    expect(toLearner.body.message).toBe(REVIEW_MESSAGES.notCurator);
    const missing = await t.api('PUT', `/api/exercises/${exerciseId}/claim`, { token: admin, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toHaveProperty('curatorId');
    const moved = await t.api('PUT', `/api/exercises/${exerciseId}/claim`, {
      token: admin,
      body: { curatorId: olenaId },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.curator.first_name).toBe('Олена');
    expect((await t.api('POST', `/api/exercises/${exerciseId}/claim`, { token: taras })).body.message).toBe(
      REVIEW_MESSAGES.claimedBy('Олена'),
    );
    const audit = await t.api('GET', '/api/admin/audit?action=homework.claim.reassign', { token: admin });
    expect(audit.body.entries[0]).toMatchObject({
      target: `exercise:${exerciseId}`,
      action: 'homework.claim.reassign',
    });
    expect(audit.body.entries[0].summary).toContain('Тарас');
  });

  it('is closed to learners: 403 on the lists and claims, 404 on their own work', async () => {
    const { token, exerciseId } = await learnerWithHomework();
    const other = await learnerWithHomework();
    expect((await queue(token, '')).status).toBe(403);
    expect((await t.api('GET', '/api/exercises/reviewed', { token })).status).toBe(403);
    expect((await t.api('POST', `/api/exercises/${other.exerciseId}/claim`, { token })).status).toBe(403);
    expect((await t.api('DELETE', `/api/exercises/${other.exerciseId}/claim`, { token })).status).toBe(403);
    expect((await t.api('PUT', `/api/exercises/${exerciseId}/claim`, { token, body: { curatorId: 'x' } })).status).toBe(
      403,
    );
    expect((await t.api('GET', '/api/admin/homework/reply-times?from=0&to=1', { token })).status).toBe(403);
    expect((await t.api('GET', '/api/exercises/queue')).status).toBe(401);
  });
});

describe('reply times', () => {
  it('logs the first answer to waiting work and reports count, median and p90 per curator and wave', async () => {
    const fresh = await namedCurator('Ірина');
    const freshId = ids.get('Ірина');
    const from = t.clock.now();
    const waits = [1, 2, 10];
    for (const hours of waits) {
      const { exerciseId } = await learnerWithHomework();
      t.clock.advance(hours * HOUR);
      await t.api('PATCH', '/api/exercises/rating', { token: fresh, body: { exerciseId, rating: 10 } });
      // A second word on answered work is not a reply.
      await t.form('POST', '/api/exercises/comment', { token: fresh, fields: { exerciseId, comment: 'Ще одне.' } });
    }
    // A rating withdrawn within the undo time was no reply.
    const { exerciseId: undone } = await learnerWithHomework();
    t.clock.advance(HOUR);
    await t.api('PATCH', '/api/exercises/rating', { token: fresh, body: { exerciseId: undone, rating: 5 } });
    expect((await t.api('DELETE', `/api/exercises/rating?exerciseId=${undone}`, { token: fresh })).status).toBe(200);
    expect((await t.api('GET', `/api/exercises/${undone}`, { token: fresh })).body.waitingSince).toBe(
      t.clock.now() - HOUR,
    );
    const to = t.clock.now() + 1;
    const own = await t.api('GET', `/api/admin/homework/reply-times?from=${from}&to=${to}`, { token: fresh });
    expect(own.status).toBe(200);
    expect(own.body.curators).toHaveLength(1);
    expect(own.body.curators[0]).toMatchObject({
      curator: { _id: freshId },
      count: 3,
      medianMs: 2 * HOUR,
      p90Ms: 10 * HOUR,
    });
    expect(Object.values(own.body.curators[0].weeks).reduce((a: number, b) => a + (b as number), 0)).toBe(3);
    expect(own.body.waves).toEqual([
      expect.objectContaining({ courseId: alpha, wave: '1', count: 3, medianMs: 2 * HOUR }),
    ]);
    // Admins see every curator; a curator never sees another's.
    const all = await t.api('GET', `/api/admin/homework/reply-times?from=${from}&to=${to}`, { token: admin });
    expect(all.body.curators.map((c: { curator: { _id: string } }) => c.curator._id)).toContain(freshId);
    const others = await t.api('GET', `/api/admin/homework/reply-times?from=${from}&to=${to}`, { token: olena });
    expect(others.body.curators.map((c: { curator: { _id: string } }) => c.curator._id)).not.toContain(freshId);
    expect((await t.api('GET', `/api/admin/homework/reply-times?from=${to}&to=${from}`, { token: admin })).status).toBe(
      400,
    );
  });

  it('takes a per-course target, validated, told to learners and marking overdue work', async () => {
    const detail = (await t.api('GET', `/api/admin/courses/${alpha}`, { token: admin })).body;
    expect(detail.replyTargetHours).toBe(48);
    const body = {
      title: detail.title,
      description: detail.description,
      starter: detail.starter,
      position: detail.position,
    };
    const bad = await t.api('PATCH', `/api/admin/courses/${alpha}`, {
      token: admin,
      body: { ...body, replyTargetHours: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('replyTargetHours');
    const fraction = await t.api('PATCH', `/api/admin/courses/${alpha}`, {
      token: admin,
      body: { ...body, replyTargetHours: 1.5 },
    });
    expect(fraction.status).toBe(400);
    const ok = await t.api('PATCH', `/api/admin/courses/${alpha}`, {
      token: admin,
      body: { ...body, replyTargetHours: 24 },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.replyTargetHours).toBe(24);
    // Left out, it stays.
    expect((await t.api('PATCH', `/api/admin/courses/${alpha}`, { token: admin, body })).body.replyTargetHours).toBe(
      24,
    );
    const { token, surname, exerciseId } = await learnerWithHomework();
    expect((await t.api('GET', `/api/exercises/${exerciseId}`, { token })).body.replyTargetHours).toBe(24);
    expect((await queue(taras, `learner=${surname}`)).body.items[0].overdue).toBe(false);
    t.clock.advance(25 * HOUR);
    expect((await queue(taras, `learner=${surname}`)).body.items[0].overdue).toBe(true);
    await t.api('PATCH', `/api/admin/courses/${alpha}`, { token: admin, body: { ...body, replyTargetHours: 48 } });
  });
});
