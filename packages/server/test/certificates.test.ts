import { randomUUID } from 'node:crypto';
import { addIsoDays, CERTIFICATE_MESSAGES, formatDay, kyivIsoDate, kyivTime } from '@yedyni/contract';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { curator, importFixtures, kyivMidnight, signUp, staff } from './support/courses.js';
import { pdfStreams, pdfText } from './support/pdf.js';

/** Diary entries and homework as the learning features store them: the criteria count these rows. */
async function diary(t: TestApp, userId: string, courseId: string, day: number, date: string, test: number | null) {
  const now = t.clock.now();
  await t.app.services.db
    .insertInto('diary_entries')
    .values({
      id: randomUUID(),
      user_id: userId,
      course_id: courseId,
      day,
      date,
      entry: 'Писав(-ла) українською',
      plan: '',
      test,
      test_version: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

async function homework(t: TestApp, userId: string, courseId: string, day: number, text = 'Моя робота') {
  const now = t.clock.now();
  await t.app.services.db
    .insertInto('exercises')
    .values({
      id: randomUUID(),
      user_id: userId,
      course_id: courseId,
      day,
      homework: text,
      file_id: null,
      status: 'active',
      rating: null,
      rating_version: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

async function auditOf(t: TestApp, action: string) {
  return t.app.services.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();
}

/** Sessions last the whole 30 days however long unused, as a wave's first and last day use one. */
const WHOLE_WAVE_SESSIONS = { SESSION_IDLE_DAYS: '30' };

describe('certificates', () => {
  let t: TestApp;
  let admin: string;
  let alpha: string;
  let start: number;
  let startDay: string;
  const people: Record<string, { token: string; id: string; name: string; email: string }> = {};
  const who = (name: string) => {
    const person = people[name];
    if (!person) throw new Error(`no ${name}`);
    return person;
  };
  /** The one certificate the sweep issued. */
  const issued = async () => {
    const [row] = await t.app.services.db.selectFrom('certificates').selectAll().execute();
    if (!row) throw new Error('no certificate');
    return row;
  };

  beforeAll(async () => {
    // The sessions made at the wave's start are used again at its end, 28 days on: not idle here
    // (sessions.test.ts is where sessions end after SESSION_IDLE_DAYS).
    t = await startTestApp(WHOLE_WAVE_SESSIONS);
    admin = await staff(t, 'admin');
    ({ alpha } = await importFixtures(t));
    start = kyivMidnight(t);
    startDay = kyivIsoDate(start);
    // Registration enrols in the starter course «Альфа» (3 lessons), wave 1, which starts today.
    for (const name of ['full', 'oneDiaryDay', 'diaryOutside', 'missingHomework', 'emptiedHomework', 'noTest']) {
      const { token, user, person } = await signUp(t, { first_name: `Марʼяна-${name}` });
      people[name] = { token, id: user._id, name: `${person.first_name} ${person.last_name}`, email: person.email };
    }
    const full = (id: string) => [
      () => diary(t, id, alpha, 1, startDay, 7),
      () => diary(t, id, alpha, 2, addIsoDays(startDay, 27), null),
      () => homework(t, id, alpha, 1),
      () => homework(t, id, alpha, 2),
      () => homework(t, id, alpha, 3),
    ];
    for (const step of full(who('full').id)) await step();
    // Each of the others misses exactly one criterion, by one.
    const edge = {
      oneDiaryDay: [() => diary(t, who('oneDiaryDay').id, alpha, 2, startDay, null)],
      // The wave's last day is start + 27; start + 28 is already the next wave's.
      diaryOutside: [() => diary(t, who('diaryOutside').id, alpha, 2, addIsoDays(startDay, 28), null)],
      missingHomework: [],
      emptiedHomework: [() => homework(t, who('emptiedHomework').id, alpha, 3, '')],
      noTest: [() => diary(t, who('noTest').id, alpha, 3, addIsoDays(startDay, 1), null)],
    };
    for (const [name, extra] of Object.entries(edge)) {
      const id = who(name).id;
      const steps = full(id);
      // The base every one of them shares: the other criteria met.
      if (name === 'oneDiaryDay' || name === 'diaryOutside') steps.splice(1, 1);
      if (name === 'missingHomework' || name === 'emptiedHomework') steps.splice(4, 1);
      if (name === 'noTest') steps.splice(0, 1, () => diary(t, id, alpha, 1, startDay, null));
      for (const step of [...steps, ...extra]) await step();
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets only admins set a course’s criteria, validated, audited', async () => {
    const criteria = { enabled: true, diaryDays: 2, allHomework: true, selfTests: 1 };
    for (const token of [who('full').token, await curator(t)]) {
      expect((await t.api('PUT', `/api/admin/certificates/criteria/${alpha}`, { token, body: criteria })).status).toBe(
        403,
      );
      expect((await t.api('GET', `/api/admin/certificates/criteria/${alpha}`, { token })).status).not.toBe(200);
    }
    const tooMany = await t.api('PUT', `/api/admin/certificates/criteria/${alpha}`, {
      token: admin,
      body: { ...criteria, diaryDays: 29, enabled: 'так' },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields).toEqual({
      diaryDays: 'Щоденник: від 0 до 28 днів',
      enabled: 'Сертифікати: увімкнено чи ні',
    });
    const overLessons = await t.api('PUT', `/api/admin/certificates/criteria/${alpha}`, {
      token: admin,
      body: { ...criteria, selfTests: 4 },
    });
    expect(overLessons.status).toBe(400);
    expect(overLessons.body.message).toBe(CERTIFICATE_MESSAGES.selfTestsOverLessons(3));
    expect((await t.api('GET', `/api/admin/certificates/criteria/${alpha}`, { token: admin })).body).toMatchObject({
      enabled: false,
      lessons: 3,
    });
    expect(await auditOf(t, 'certificate.criteria')).toHaveLength(0);
    const saved = await t.api('PUT', `/api/admin/certificates/criteria/${alpha}`, { token: admin, body: criteria });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ courseId: alpha, course: 'Альфа', lessons: 3, ...criteria });
    const audit = await auditOf(t, 'certificate.criteria');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.summary).toBe('«Альфа»: умови сертифіката — щоденник 2 дн., самоперевірок 1, усі домашні');
  });

  it('shows a learner the criteria and their progress while the wave runs', async () => {
    const mine = await t.api('GET', '/api/certificates/mine', { token: who('oneDiaryDay').token });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({
      certificates: [],
      progress: [
        {
          courseId: alpha,
          course: 'Альфа',
          wave: '1',
          endsAt: kyivMidnight(t, 28),
          criteria: { diaryDays: 2, allHomework: true, selfTests: 1 },
          diaryDays: 1,
          homework: { done: 3, total: 3 },
          selfTests: 1,
        },
      ],
    });
    expect((await t.api('GET', '/api/certificates/mine')).status).toBe(401);
  });

  it('issues nothing before the wave ends, then once to exactly those who met every criterion', async () => {
    const end = kyivMidnight(t, 28);
    t.clock.advance(end - 1 - t.clock.now());
    expect(await t.app.services.certificates.issueDue()).toBe(0);
    t.clock.advance(1);
    // Two sweeps at once (two instances at midnight): the wave is certified once.
    const counts = await Promise.all([t.app.services.certificates.issueDue(), t.app.services.certificates.issueDue()]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(await t.app.services.certificates.issueDue()).toBe(0);
    const rows = await t.app.services.db.selectFrom('certificates').selectAll().execute();
    expect(rows.map((r) => r.user_id)).toEqual([who('full').id]);
    expect(rows[0]).toMatchObject({ name: who('full').name, course_title: 'Альфа', wave: '1', issued_at: end });
    expect(rows[0]?.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    // Issuing tells nobody yet: the notifications' minute does, in small transactions of its own.
    const notesOf = () =>
      t.app.services.db.selectFrom('notifications').selectAll().where('key', '=', `certificate:${alpha}:1`).execute();
    expect(await notesOf()).toEqual([]);
    await t.app.services.notifications.tick();
    await t.app.services.notifications.tick();
    const notes = await t.app.services.db
      .selectFrom('notifications')
      .selectAll()
      .where('key', '=', `certificate:${alpha}:1`)
      .execute();
    expect(notes.map((n) => [n.user_id, n.category, n.link])).toEqual([
      [who('full').id, 'lessons', `/certificates/${rows[0]?.id}`],
    ]);
    const mine = await t.api('GET', '/api/certificates/mine', { token: who('full').token });
    expect(mine.body.certificates).toEqual([
      { id: rows[0]?.id, name: who('full').name, course: 'Альфа', wave: '1', issuedAt: end, revoked: null },
    ]);
    // The ended wave is no longer «in progress».
    expect(mine.body.progress).toEqual([]);
  });

  it('lets anyone verify by the id, showing exactly name, course, wave, date and state', async () => {
    const row = await issued();
    const id = row.id;
    const check = await t.api('GET', `/api/certificates/${id}`);
    expect(check.status).toBe(200);
    expect(Object.keys(check.body).sort()).toEqual(['course', 'issuedAt', 'name', 'revoked', 'wave']);
    expect(check.body).toEqual({
      name: who('full').name,
      course: 'Альфа',
      wave: '1',
      issuedAt: row.issued_at,
      revoked: null,
    });
    expect(JSON.stringify(check.body)).not.toContain(who('full').email);
    expect(check.headers.get('x-robots-tag')).toBe('noindex');
    // Typed by hand: any case, hyphens.
    const typed = `${id.slice(0, 5).toLowerCase()}-${id.slice(5)}`;
    expect((await t.api('GET', `/api/certificates/${typed}`)).body.name).toBe(who('full').name);
    const unknown = await t.api('GET', '/api/certificates/ZZZZZZZZZZ');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(CERTIFICATE_MESSAGES.notFound);
  });

  it('makes the PDF with the embedded Cyrillic font, the text, the id and a QR code of the public link', async () => {
    const row = await issued();
    const answer = await fetch(`${t.url}/api/certificates/${row.id}/pdf`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await answer.arrayBuffer());
    const raw = pdf.toString('latin1');
    expect(raw.startsWith('%PDF-')).toBe(true);
    expect(raw).toContain('/FontFile2');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold\b/);
    const url = `${t.url}/certificates/${row.id}`;
    expect(raw).toContain(`/URI (${url})`);
    const text = await pdfText(pdf);
    for (const shown of [
      who('full').name,
      '«Альфа»',
      'СЕРТИФІКАТ',
      `№ ${row.id}`,
      `Видано ${formatDay(row.issued_at)}`,
    ]) {
      expect(text).toContain(shown);
    }
    // The QR code is the public link's matrix: one square per dark module, plus the two frames.
    const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
    const dark = Array.from(modules.data).filter(Boolean).length;
    const page = pdfStreams(pdf).find((s) => /\bTJ\b/.test(s)) ?? '';
    expect(page.match(/ re\b/g)?.length).toBe(dark + 2);
  });

  it('lets only admins revoke, audited; the public page then says so and the PDF is gone', async () => {
    const row = await issued();
    const id = row.id;
    for (const token of [who('full').token, await curator(t)]) {
      const refused = await t.api('POST', `/api/admin/certificates/${id}/revoke`, {
        token,
        body: { reason: 'Ні' },
      });
      expect(refused.status).toBe(403);
    }
    expect((await t.api('GET', `/api/certificates/${id}`)).body.revoked).toBeNull();
    expect(await auditOf(t, 'certificate.revoke')).toHaveLength(0);
    const bad = await t.api('POST', `/api/admin/certificates/${id}/revoke`, { token: admin, body: { reason: 'a\nb' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['reason']);

    t.clock.advance(60_000);
    const revoked = await t.api('POST', `/api/admin/certificates/${id}/revoke`, {
      token: admin,
      body: { reason: 'Щоденник списано' },
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({
      id,
      revoked: { at: t.clock.now(), reason: 'Щоденник списано' },
      canRevoke: false,
    });
    // The public page says when, not why: the reason is about a person.
    const check = await t.api('GET', `/api/certificates/${id}`);
    expect(check.body.revoked).toEqual({ at: t.clock.now() });
    const pdf = await t.api('GET', `/api/certificates/${id}/pdf`);
    expect(pdf.status).toBe(410);
    expect(pdf.body.message).toBe(CERTIFICATE_MESSAGES.revokedPdf);
    const audit = await auditOf(t, 'certificate.revoke');
    expect(audit.map((a) => [a.target, a.summary])).toEqual([
      [
        `certificate:${id}`,
        `Сертифікат ${id} (${who('full').name}, «Альфа», хвиля 1, ${formatDay(row.issued_at)}) відкликано: Щоденник списано`,
      ],
    ]);
    const again = await t.api('POST', `/api/admin/certificates/${id}/revoke`, { token: admin, body: {} });
    expect(again.status).toBe(409);
    const list = await t.api('GET', `/api/admin/certificates?courseId=${alpha}`, { token: admin });
    expect(list.body).toMatchObject({
      totalPages: 1,
      certificates: [{ id, name: who('full').name, canRevoke: false }],
    });
    expect((await t.api('GET', `/api/admin/certificates?courseId=${alpha}`, { token: await curator(t) })).status).toBe(
      403,
    );
  });
});

describe('certificates across a daylight-saving change', () => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  it('a wave over the spring switch ends at 00:00 Kyiv of day 29, an hour short of 28 × 24 h', async () => {
    t = await startTestApp(WHOLE_WAVE_SESSIONS);
    // Wave start 10 March 2027; Kyiv moves its clocks forward on 28 March.
    const start = kyivTime(2027, 3, 10);
    t.clock.advance(start + 60_000 - t.clock.now());
    const admin = await staff(t, 'admin');
    const { alpha } = await importFixtures(t);
    const { token, user } = await signUp(t);
    const body = { enabled: true, diaryDays: 0, allHomework: false, selfTests: 0 };
    expect((await t.api('PUT', `/api/admin/certificates/criteria/${alpha}`, { token: admin, body })).status).toBe(200);
    const end = kyivTime(2027, 4, 7);
    expect(end - start).toBe(28 * 24 * 3_600_000 - 3_600_000);
    t.clock.advance(end - 1 - t.clock.now());
    expect(await t.app.services.certificates.issueDue()).toBe(0);
    t.clock.advance(1);
    expect(await t.app.services.certificates.issueDue()).toBe(1);
    const mine = await t.api('GET', '/api/certificates/mine', { token });
    expect(mine.body.certificates).toHaveLength(1);
    expect(mine.body.certificates[0]).toMatchObject({ wave: '1', issuedAt: end, revoked: null });
    const rows = await t.app.services.db.selectFrom('certificates').select('user_id').execute();
    expect(rows.map((r) => r.user_id)).toEqual([user._id]);
  });
});
