import { existsSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { DELETED_USER_FIRST_NAME, DELETED_USER_LAST_NAME, EXPORT_TTL_MS, PRIVACY_MESSAGES } from '@yedyni/contract';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPerson, startTestApp, type TestApp } from './support/app.js';
import { curator, DAY, importFixtures, notificationsOf, signIn, signUp } from './support/courses.js';
import { PDF, PNG, storedFiles } from './support/files.js';
import { donateAndPay } from './support/liqpay.js';
import { ask, type ChatClient, connect } from './support/sockets.js';

let t: TestApp;
let alpha: string;
const sockets: ChatClient[] = [];

beforeAll(async () => {
  t = await startTestApp();
  ({ alpha } = await importFixtures(t));
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

type Learner = Awaited<ReturnType<typeof signUp>>;

/** A learner with something of every kind: a diary entry, homework with a file and a curator's comment with one, a chat message, a donation. */
async function learnerWithData(tag: string): Promise<Learner & { exerciseId: string }> {
  const learner = await signUp(t);
  const { token } = learner;
  const diary = await t.api('POST', '/api/diary', {
    token,
    body: { courseId: alpha, lessonId: '1', date: '2026-03-03', entry: `Щоденник ${tag}`, plan: `План ${tag}` },
  });
  expect(diary.status).toBe(201);
  const homework = await t.form('POST', '/api/exercises', {
    token,
    fields: { courseId: alpha, lessonId: '1', homework: `Домашка ${tag}` },
    file: { bytes: PDF, name: `відповідь-${tag}.pdf`, type: 'application/pdf' },
  });
  expect(homework.status).toBe(201);
  const comment = await t.form('POST', '/api/exercises/comment', {
    // Signed in afresh: the tests before have moved the clock past an idle session's end.
    token: await curator(t),
    fields: { exerciseId: homework.body._id, comment: `Коментар куратора для ${tag}` },
    file: { bytes: PNG, name: 'позначки.png', type: 'image/png' },
  });
  expect(comment.status).toBe(201);
  const socket = await connect(t, token);
  sockets.push(socket);
  expect(await ask(socket, 'chat:join', { courseId: alpha, wave: '1' })).toEqual({ ok: true });
  expect((await ask(socket, 'chat:send', { courseId: alpha, wave: '1', text: `Чат ${tag}` })).ok).toBe(true);
  socket.disconnect();
  await donateAndPay(t, token, 120);
  return { ...learner, exerciseId: homework.body._id };
}

/** Waits (on the real clock: the job runs in the background) until my export is ready; my data as then. */
async function exportReady(token: string) {
  let mine = await t.api('GET', '/api/privacy/mine', { token });
  for (let i = 0; i < 200 && mine.body.export.state !== 'ready'; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    mine = await t.api('GET', '/api/privacy/mine', { token });
  }
  expect(mine.body.export.state).toBe('ready');
  return mine.body;
}

async function download(token: string) {
  const response = await fetch(`${t.url}/api/privacy/export`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

const exportsDir = () => path.join(t.dataDir, 'exports');
async function archives(): Promise<string[]> {
  const shards = await readdir(exportsDir()).catch(() => [] as string[]);
  const names: string[] = [];
  for (const shard of shards)
    names.push(...(await readdir(path.join(exportsDir(), shard))).map((n) => path.join(shard, n)));
  return names;
}

describe('registration consent', () => {
  it('is required: without the checkbox nobody is registered', async () => {
    const person = newPerson({ consent: undefined });
    const refused = await t.api('POST', '/api/auth/register', { body: person });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fields)).toEqual(['consent']);
    expect(refused.body.fields.consent).toMatch(/^Згода: /);
    const notTicked = await t.api('POST', '/api/auth/register', { body: { ...person, consent: false } });
    expect(notTicked.status).toBe(400);
    expect(
      (await t.api('POST', '/api/auth/login', { body: { email: person.email, password: person.password } })).status,
    ).toBe(401);
    expect((await t.api('POST', '/api/auth/register', { body: { ...person, consent: true } })).status).toBe(201);
  });
});

describe('the privacy notice', () => {
  it('is public and names the contact and the figures of both rights', async () => {
    const notice = await t.api('GET', '/api/privacy/notice');
    expect(notice.status).toBe(200);
    expect(notice.body).toEqual({ contactEmail: 'no-reply@yedyni.local', exportHours: 24, graceDays: 14 });
  });
});

describe('«Завантажити мої дані»', () => {
  it('makes a zip of exactly my data in the background, private on disk, and tells me', async () => {
    const me = await learnerWithData('мій');
    const other = await learnerWithData('чужий');

    const asked = await t.api('POST', '/api/privacy/export', { token: me.token });
    expect(asked.status).toBe(202);
    expect(asked.body.export.state).toBe('making');
    // One at a time: a second ask while the first is being made is refused.
    const again = await t.api('POST', '/api/privacy/export', { token: me.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PRIVACY_MESSAGES.exportBusy);

    const ready = await exportReady(me.token);
    expect(ready.export.expiresAt).toBeGreaterThan(t.clock.now() + EXPORT_TTL_MS - 60_000);
    const [stored] = await archives();
    expect(statSync(path.join(exportsDir(), stored as string)).mode & 0o777).toBe(0o600);
    expect(statSync(exportsDir()).mode & 0o777).toBe(0o700);

    const got = await download(me.token);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/zip');
    expect(got.headers.get('cache-control')).toBe('no-store');
    const zip = unzipSync(got.bytes);
    const names = Object.keys(zip).sort();
    expect(names.filter((n) => !n.startsWith('files/'))).toEqual([
      'README.txt',
      'chat.json',
      'diary.json',
      'footprint.json',
      'homework.json',
      'payments.json',
      'profile.json',
      'team.json',
    ]);
    const json = (name: string) => JSON.parse(strFromU8(zip[name] as Uint8Array));
    expect(json('profile.json')).toMatchObject({
      id: me.user._id,
      email: me.person.email,
      firstName: me.person.first_name,
    });
    expect(json('diary.json')).toMatchObject([{ entry: 'Щоденник мій', plan: 'План мій' }]);
    const [homework] = json('homework.json');
    expect(homework).toMatchObject({ homework: 'Домашка мій', comments: [{ comment: 'Коментар куратора для мій' }] });
    expect(zip[homework.file]).toEqual(PDF);
    expect(zip[homework.comments[0].file]).toEqual(new Uint8Array(PNG));
    expect(json('chat.json')).toMatchObject([{ text: 'Чат мій' }]);
    expect(json('payments.json').charges).toMatchObject([{ amountUah: 120 }]);
    expect(json('footprint.json').length).toBeGreaterThan(0);
    expect(names.filter((n) => n.startsWith('files/'))).toHaveLength(2);

    // Nothing of anyone else's: the other learner's words, address and id appear nowhere.
    const everything = names.map((n) => strFromU8(zip[n] as Uint8Array, true)).join('\n');
    for (const foreign of ['чужий', other.person.email, other.user._id]) expect(everything).not.toContain(foreign);

    const told = await notificationsOf(t, me, 'account');
    expect(told.map((n) => n.title)).toContain('Архів ваших даних готовий');
  });

  it('is downloaded by its owner only', async () => {
    const me = await signUp(t);
    const stranger = await signUp(t);
    expect((await t.api('POST', '/api/privacy/export', { token: me.token })).status).toBe(202);
    await exportReady(me.token);
    const refused = await download(stranger.token);
    expect(refused.status).toBe(404);
    expect(JSON.parse(new TextDecoder().decode(refused.bytes))).toEqual({ message: PRIVACY_MESSAGES.noExport });
    expect((await download('')).status).toBe(401);
    expect((await download(me.token)).status).toBe(200);
  });

  it('is gone after a day: the row, the file and the download', async () => {
    const me = await signUp(t);
    await t.api('POST', '/api/privacy/export', { token: me.token });
    await exportReady(me.token);
    const before = await archives();
    t.clock.advance(EXPORT_TTL_MS + 60_000);
    // The day is over even before the tick comes: nothing is offered.
    expect((await download(me.token)).status).toBe(404);
    const { expired } = await t.app.services.privacy.tick();
    expect(expired).toBeGreaterThanOrEqual(1);
    const after = await archives();
    expect(after.length).toBeLessThan(before.length);
    const row = await t.app.services.db
      .selectFrom('data_exports')
      .selectAll()
      .where('user_id', '=', me.user._id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    const token = await signIn(t, me.person.email, me.person.password);
    expect((await t.api('GET', '/api/privacy/mine', { token })).body.export.state).toBe('none');
    // A new one may be asked for.
    expect((await t.api('POST', '/api/privacy/export', { token })).status).toBe(202);
  });
});

describe('«Видалити акаунт»', () => {
  const ask = (token: string, body: Record<string, unknown>) => t.api('POST', '/api/privacy/deletion', { token, body });

  it('needs the password and the typed word; a wrong one changes nothing', async () => {
    const me = await signUp(t);
    const wrongPassword = await ask(me.token, { password: 'not my password', confirmation: 'ВИДАЛИТИ' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.message).toBe(PRIVACY_MESSAGES.wrongPassword);
    const wrongWord = await ask(me.token, { password: me.person.password, confirmation: 'так' });
    expect(wrongWord.status).toBe(400);
    expect(Object.keys(wrongWord.body.fields)).toEqual(['confirmation']);
    expect((await t.api('GET', '/api/privacy/mine', { token: me.token })).body.deletionDueAt).toBeNull();
    expect((await t.api('GET', '/api/auth/current', { token: me.token })).status).toBe(200);
  });

  it('is scheduled after the grace period, ends every session, and a sign-in cancels it', async () => {
    const me = await signUp(t);
    const second = await signIn(t, me.person.email, me.person.password);
    const asked = await ask(me.token, { password: me.person.password, confirmation: ' видалити ' });
    expect(asked.status).toBe(200);
    expect(asked.body.deletionDueAt).toBe(t.clock.now() + 14 * DAY);
    for (const token of [me.token, second]) {
      expect((await t.api('GET', '/api/auth/current', { token })).status).toBe(401);
    }

    t.clock.advance(13 * DAY);
    const token = await signIn(t, me.person.email, me.person.password);
    expect((await t.api('GET', '/api/privacy/mine', { token })).body.deletionDueAt).toBeNull();
    const told = await t.api('GET', '/api/notifications', { token });
    expect(told.body.notifications.map((n: { title: string }) => n.title)).toContain('Видалення акаунта скасовано');

    t.clock.advance(2 * DAY);
    await t.app.services.privacy.tick();
    const still = await t.api('GET', '/api/auth/current', { token });
    expect(still.body).toMatchObject({ first_name: me.person.first_name, email: me.person.email });
    const audit = await t.app.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `user:${me.user._id}`)
      .orderBy('created_at')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['account.deletion.request', 'account.deletion.cancel']);
  });

  it('anonymises the account in one go after the grace period; payments keep their sums', async () => {
    const me = await learnerWithData('видалений');
    const reader = await signUp(t);
    const { db } = t.app.services;
    const paidBefore = await db
      .selectFrom('payments')
      .select((eb) => eb.fn.sum<number>('amount_kop').as('sum'))
      .executeTakeFirstOrThrow();
    const fileKeys = (
      await db.selectFrom('files').select('storage_key').where('owner_id', '=', me.user._id).execute()
    ).map((f) => f.storage_key);
    expect(fileKeys).toHaveLength(1);
    expect((await storedFiles(t.dataDir)).filter((k) => fileKeys.includes(k))).toHaveLength(1);
    await t.api('POST', '/api/privacy/export', { token: me.token });
    await exportReady(me.token);

    expect((await ask(me.token, { password: me.person.password, confirmation: 'ВИДАЛИТИ' })).status).toBe(200);
    t.clock.advance(14 * DAY + 60_000);
    const first = await t.app.services.privacy.tick();
    expect(first.deleted).toBe(1);
    // Idempotent: the next minute finds nothing to do.
    expect((await t.app.services.privacy.tick()).deleted).toBe(0);

    const user = await db.selectFrom('users').selectAll().where('id', '=', me.user._id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      first_name: DELETED_USER_FIRST_NAME,
      last_name: DELETED_USER_LAST_NAME,
      password_hash: '',
    });
    expect(user.email).toMatch(/^deleted-[0-9a-f-]{36}@deleted\.invalid$/);
    expect(user.search).not.toContain(me.person.email);
    // Never again signs in: not with the old password, not by a reset link.
    expect(
      (await t.api('POST', '/api/auth/login', { body: { email: me.person.email, password: me.person.password } }))
        .status,
    ).toBe(401);
    const mailsBefore = (await t.outbox()).length;
    await t.api('POST', '/api/auth/recovery', { body: { email: me.person.email } });
    await t.app.services.auth.settle();
    expect((await t.outbox()).length).toBe(mailsBefore);
    const live = await db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', me.user._id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toHaveLength(0);

    expect(await db.selectFrom('diary_entries').select('id').where('user_id', '=', me.user._id).execute()).toHaveLength(
      0,
    );
    expect(await db.selectFrom('files').select('id').where('owner_id', '=', me.user._id).execute()).toHaveLength(0);
    expect((await storedFiles(t.dataDir)).filter((k) => fileKeys.includes(k))).toHaveLength(0);
    expect(
      await db.selectFrom('data_exports').select('user_id').where('user_id', '=', me.user._id).execute(),
    ).toHaveLength(0);
    expect(existsSync(exportsDir())).toBe(true);

    // The homework and the chat stay, signed «Видалений користувач».
    // The reader signs in afresh too: past the grace period, their first session has been idle too long.
    const readerToken = await signIn(t, reader.person.email, reader.person.password);
    const history = await t.api('GET', `/api/chats?courseId=${alpha}&wave=1&limit=50`, { token: readerToken });
    const kept = history.body.messages.find((m: { text: string }) => m.text === 'Чат видалений');
    expect(kept.sender).toMatchObject({ first_name: DELETED_USER_FIRST_NAME, last_name: DELETED_USER_LAST_NAME });
    // A curator signed in afresh: the clock has moved past the first one's session.
    const homework = await t.api('GET', `/api/exercises/${me.exerciseId}`, { token: await curator(t) });
    expect(homework.status).toBe(200);
    expect(homework.body.homework).toBe('Домашка видалений');
    expect(homework.body.comments).toHaveLength(1);

    // Payments: the same sums, without the name.
    const paidAfter = await db
      .selectFrom('payments')
      .select((eb) => eb.fn.sum<number>('amount_kop').as('sum'))
      .executeTakeFirstOrThrow();
    expect(Number(paidAfter.sum)).toBe(Number(paidBefore.sum));
    const payments = await db.selectFrom('payments').selectAll().where('user_id', '=', me.user._id).execute();
    expect(payments).toHaveLength(1);
    expect(payments[0]?.amount_kop).toBe(12_000);

    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'account.delete')
      .where('target', '=', `user:${me.user._id}`)
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(me.person.first_name);
  });

  it('leaves no session to ask twice with', async () => {
    const me = await signUp(t);
    expect((await ask(me.token, { password: me.person.password, confirmation: 'ВИДАЛИТИ' })).status).toBe(200);
    expect((await ask(me.token, { password: me.person.password, confirmation: 'ВИДАЛИТИ' })).status).toBe(401);
  });
});
