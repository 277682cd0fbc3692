import { DEFAULT_NOTIFICATION_PREFERENCES, kyivParts, kyivTime, RATING_UNDO_MS } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordChanged } from '../src/features/notifications/account.js';
import { startTestApp, type TestApp, until } from './support/app.js';
import { curator, importFixtures, signUp } from './support/courses.js';
import { type ReceivedMail, startSmtp } from './support/smtp.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let alpha: string;
let curatorToken: string;
/** Someone registered before any course existed: enrolled in nothing, so no digest has anything to say. */
let idle: Awaited<ReturnType<typeof signUp>>;

const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url });
  // A fixed day before Kyiv's spring DST switch (2026-03-29), at noon: no quiet hours in the way.
  t.clock.advance(kyivTime(2026, 3, 28, 12) - t.clock.now());
  idle = await signUp(t);
  ({ alpha } = await importFixtures(t));
  curatorToken = await curator(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Mail of notifications to `email` (the address check registration mails is the account's, not theirs). */
const mailsTo = (email: string): ReceivedMail[] =>
  smtp.mails.filter((m) => m.to.includes(email) && !m.text.includes('/confirm-email/'));
async function mailTo(email: string, count = 1): Promise<ReceivedMail[]> {
  await until(() => mailsTo(email).length >= count, 10_000);
  expect(mailsTo(email)).toHaveLength(count);
  return mailsTo(email);
}
/** Long enough for the job poller (every second) to have sent anything it was going to. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2_500));

/** A learner who has handed in homework for lesson 1. */
async function learnerWithHomework() {
  const learner = await signUp(t);
  const { body: exercise } = await t.form('POST', '/api/exercises', {
    token: learner.token,
    fields: { courseId: alpha, lessonId: '1', homework: 'Моя відповідь' },
  });
  return { ...learner, exerciseId: exercise._id as string };
}

async function learnerWithComment(comment = 'Гарно, але перевірте відмінки.') {
  const learner = await learnerWithHomework();
  const reply = await t.form('POST', '/api/exercises/comment', {
    token: curatorToken,
    fields: { exerciseId: learner.exerciseId, comment },
  });
  expect(reply.status).toBe(201);
  return learner;
}

/** A learner's homework that a curator has just marked. */
async function rated(rating: number) {
  const learner = await learnerWithHomework();
  const marked = await t.api('PATCH', '/api/exercises/rating', {
    token: curatorToken,
    body: { exerciseId: learner.exerciseId, rating },
  });
  expect(marked.status).toBe(200);
  return { learner, exerciseId: learner.exerciseId };
}

const list = async (token: string) => (await t.api('GET', '/api/notifications', { token })).body;

describe('homework notifications', () => {
  it('a curator comment is in the app at once and mailed an hour later; one click unsubscribes without signing in', async () => {
    const learner = await learnerWithComment();
    const mine = await list(learner.token);
    expect(mine.countNotifications).toBe(1);
    expect(mine.notifications).toEqual([
      expect.objectContaining({
        category: 'homework',
        title: 'Куратор прокоментував ваше домашнє завдання',
        link: `/uk/learn/${alpha}/1/practice`,
        read: false,
      }),
    ]);
    expect(mine.notifications[0].body).toContain('перевірте відмінки');
    expect((await t.api('GET', '/api/exercises/notifications', { token: learner.token })).body).toMatchObject({
      countNotifications: 1,
      notifications: [{ exerciseId: learner.exerciseId, courseTitle: 'Альфа', lessonId: '1' }],
    });

    await t.app.services.notifications.tick();
    await settle();
    expect(mailsTo(learner.person.email)).toHaveLength(0);

    t.clock.advance(HOUR + 60_000);
    await t.app.services.notifications.tick();
    const [mail] = await mailTo(learner.person.email);
    if (!mail) throw new Error('no mail');
    expect(mail.headers.get('message-id')).toBe(`<${mine.notifications[0]._id}@127.0.0.1>`);
    expect(mail.headers.get('content-type')).toContain('multipart/alternative');
    const unsubscribe = mail.headers.get('list-unsubscribe')?.match(/^<(.+)>$/)?.[1] ?? '';
    expect(unsubscribe).toMatch(new RegExp(`^${t.url}/api/notifications/unsubscribe\\?token=`));
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(`Вітаємо, ${learner.person.first_name}!`);
    expect(mail.text).toContain('перевірте відмінки');
    expect(mail.text).toContain(`${t.url}/uk/learn/${alpha}/1/practice`);
    expect(mail.html).toContain('<html lang="uk">');
    expect(mail.html).toContain('Переглянути завдання');
    expect(mail.html).toContain('Відписатися від цих листів');

    // The link a person clicks leads to the web page that explains and asks.
    const opened = await fetch(unsubscribe, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toMatch(/^\/unsubscribe\?token=/);
    // The mail client's one-click POST (RFC 8058): form-encoded, no session.
    const clicked = await fetch(unsubscribe, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.status).toBe(200);
    expect(await clicked.json()).toEqual({ category: 'homework', email: learner.person.email });
    const preferences = (await t.api('GET', '/api/notifications/preferences', { token: learner.token })).body;
    expect(preferences.categories.homework).toEqual({ inApp: true, email: false, push: true });
    expect(preferences.categories.lessons).toEqual(DEFAULT_NOTIFICATION_PREFERENCES.categories.lessons);

    const forged = await t.api('POST', `/api/notifications/unsubscribe?token=${learner.user._id}.lessons.AAAA`);
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('Посилання для відписки недійсне або застаріле');
  });

  it('opening the homework marks its notifications read, and then no mail goes', async () => {
    const learner = await learnerWithComment();
    const opened = await t.api('PATCH', `/api/exercises/status?exerciseId=${learner.exerciseId}`, {
      token: learner.token,
    });
    expect(opened.body.countNotifications).toBe(0);
    expect((await list(learner.token)).notifications[0].read).toBe(true);
    t.clock.advance(HOUR + 60_000);
    await t.app.services.notifications.tick();
    await settle();
    expect(mailsTo(learner.person.email)).toHaveLength(0);
    const deliveries = await t.app.services.db
      .selectFrom('notification_deliveries as d')
      .innerJoin('notifications as n', 'n.id', 'd.notification_id')
      .select(['d.channel', 'd.status'])
      .where('n.user_id', '=', learner.user._id)
      .where('d.channel', '=', 'email')
      .execute();
    expect(deliveries).toEqual([{ channel: 'email', status: 'skipped' }]);
  });

  it('a grade alone counts on the badge', async () => {
    const { learner } = await rated(9);
    // Held while its curator may still withdraw it, then told.
    expect((await list(learner.token)).countNotifications).toBe(0);
    t.clock.advance(RATING_UNDO_MS);
    const mine = await list(learner.token);
    expect(mine.countNotifications).toBe(1);
    expect(mine.notifications[0].title).toBe('Домашнє завдання оцінено: 9 з 12');
  });

  it('a rating withdrawn within the undo window never reaches the learner: no row, no badge, no mail', async () => {
    const { learner, exerciseId } = await rated(4);
    // Nothing is told or sent while the rating may still be withdrawn.
    expect((await list(learner.token)).notifications).toEqual([]);
    expect((await t.api('GET', '/api/exercises/notifications', { token: learner.token })).body).toEqual({
      notifications: [],
      countNotifications: 0,
    });
    t.clock.advance(RATING_UNDO_MS - 1_000);
    await t.app.services.notifications.tick();
    const undone = await t.api('DELETE', `/api/exercises/rating?exerciseId=${exerciseId}`, { token: curatorToken });
    expect(undone.status).toBe(200);

    t.clock.advance(HOUR + 60_000);
    await t.app.services.notifications.tick();
    await settle();
    expect(mailsTo(learner.person.email)).toHaveLength(0);
    expect(await list(learner.token)).toEqual({ notifications: [], countNotifications: 0 });
    const left = await t.app.services.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', learner.user._id)
      .execute();
    expect(left).toEqual([]);
    const deliveries = await t.app.services.db
      .selectFrom('notification_deliveries as d')
      .innerJoin('notifications as n', 'n.id', 'd.notification_id')
      .select('d.id')
      .where('n.user_id', '=', learner.user._id)
      .execute();
    expect(deliveries).toEqual([]);
  });

  it('a kept rating is mailed once its undo window and the mail delay have passed', async () => {
    const { learner } = await rated(10);
    t.clock.advance(HOUR + RATING_UNDO_MS);
    await t.app.services.notifications.tick();
    const [mail] = await mailTo(learner.person.email);
    expect(mail?.text).toContain('10 з 12');
  });
});

describe('the account', () => {
  it('mails the owner at once when the password changes, even with everything switched off and in quiet hours', async () => {
    const learner = await signUp(t);
    const off = {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      allOff: true,
      quietFrom: kyivParts(t.clock.now()).hour,
      quietTo: (kyivParts(t.clock.now()).hour + 2) % 24,
    };
    expect((await t.api('PUT', '/api/notifications/preferences', { token: learner.token, body: off })).status).toBe(
      200,
    );
    await t.app.services.auth.setPasswordByOperator(learner.person.email, 'a brand new passphrase');
    const [mail] = await mailTo(learner.person.email);
    expect(mail?.text).toContain('Пароль змінив адміністратор');
    expect(mail?.html).toContain('Листи про безпеку акаунта приходять завжди.');
    expect(mail?.headers.has('list-unsubscribe')).toBe(false);
  });
});

describe('the outbox', () => {
  const event = (userId: string, key: string) => ({
    userId,
    category: 'payments' as const,
    key,
    title: 'Подія',
    body: 'Текст',
    link: '/uk',
    email: { subject: `Лист ${key}`, paragraphs: ['Текст'] },
  });

  it('sends nothing for an event whose transaction rolled back', async () => {
    const learner = await signUp(t);
    const { db, notifications } = t.app.services;
    await expect(
      db.transaction().execute(async (trx) => {
        await notifications.notify(trx, event(learner.user._id, 'rolled-back'));
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await db.selectFrom('notifications').select('id').where('user_id', '=', learner.user._id).execute()).toEqual(
      [],
    );
    await settle();
    expect(mailsTo(learner.person.email)).toHaveLength(0);
  });

  it('makes the same event twice one notification and one mail (the idempotency key)', async () => {
    const learner = await signUp(t);
    const { db, notifications } = t.app.services;
    const first = await db.transaction().execute((trx) => notifications.notify(trx, event(learner.user._id, 'once')));
    const second = await db.transaction().execute((trx) => notifications.notify(trx, event(learner.user._id, 'once')));
    expect([first, second]).toEqual([true, false]);
    expect((await list(learner.token)).notifications).toHaveLength(1);
    await mailTo(learner.person.email);
    await settle();
    expect(mailsTo(learner.person.email)).toHaveLength(1);
  });
});

describe('preferences', () => {
  it('answers the defaults, keeps the account mail on, and says in Ukrainian what is wrong', async () => {
    const learner = await signUp(t);
    expect((await t.api('GET', '/api/notifications/preferences', { token: learner.token })).body).toEqual(
      DEFAULT_NOTIFICATION_PREFERENCES,
    );
    const wanted = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
    wanted.categories.account.email = false;
    wanted.categories.clubs.email = true;
    wanted.digestHour = 19;
    const saved = await t.api('PUT', '/api/notifications/preferences', { token: learner.token, body: wanted });
    expect(saved.status).toBe(200);
    expect(saved.body.categories.account.email).toBe(true);
    expect(saved.body.categories.clubs.email).toBe(true);
    expect((await t.api('GET', '/api/notifications/preferences', { token: learner.token })).body).toEqual(saved.body);

    const bad = await t.api('PUT', '/api/notifications/preferences', {
      token: learner.token,
      body: { ...wanted, digestHour: 25 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Година листа: година від 0 до 23');
    expect((await t.api('GET', '/api/notifications/preferences')).status).toBe(401);
  });
});

describe('access', () => {
  it('nobody reads or marks another person’s notifications, whatever ids they send', async () => {
    const owner = await learnerWithComment();
    const other = await signUp(t);
    const [theirs] = (await list(owner.token)).notifications;
    expect((await list(other.token)).notifications).toEqual([]);
    const marked = await t.api('POST', '/api/notifications/read', { token: other.token, body: { ids: [theirs._id] } });
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ countNotifications: 0 });
    expect((await list(owner.token)).notifications[0].read).toBe(false);
    expect((await t.api('GET', '/api/notifications')).status).toBe(401);

    const all = await t.api('POST', '/api/notifications/read', { token: owner.token, body: { all: true } });
    expect(all.body).toEqual({ countNotifications: 0 });
    expect((await list(owner.token)).notifications[0].read).toBe(true);
  });
});

describe('the morning digest', () => {
  const digestsOf = (userId: string) =>
    t.app.services.db
      .selectFrom('notifications')
      .select(['key', 'title', 'body'])
      .where('user_id', '=', userId)
      .where('category', '=', 'lessons')
      .orderBy('created_at')
      .execute();
  const at = async (instant: number) => {
    t.clock.advance(instant - t.clock.now());
    await t.app.services.notifications.tick();
  };

  it('comes once a Kyiv day at the chosen hour, across both DST switches, and only with something to say', async () => {
    const learner = await learnerWithComment('Ось що варто виправити.');

    // Spring: Kyiv moves from +2 to +3 at 03:00 on 2026-03-29; 08:00 is then 05:00 UTC.
    const spring = kyivTime(2026, 3, 29, 8);
    expect(new Date(spring).toISOString()).toBe('2026-03-29T05:00:00.000Z');
    await at(spring - 60_000);
    expect(await digestsOf(learner.user._id)).toEqual([]);
    await at(spring);
    await at(spring + 3 * 60_000);
    const [digest] = await digestsOf(learner.user._id);
    expect(await digestsOf(learner.user._id)).toHaveLength(1);
    expect(digest?.key).toBe('digest:lessons:2026-03-29');
    expect(digest?.body).toContain('Щоденник чекає на записи');
    expect(digest?.body).toContain('Куратори відповіли на ваші домашні завдання: 1 нове сповіщення');
    expect(await digestsOf(idle.user._id)).toEqual([]);
    // The comment's own mail went too: a day later it was still unread.
    const digestMails = () => mailsTo(learner.person.email).filter((m) => m.text.includes('Щоденник чекає'));
    await until(() => digestMails().length > 0, 10_000);
    const [mail] = digestMails();
    expect(mail?.text).toContain('Куратори відповіли на ваші домашні завдання');
    expect(mail?.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // Autumn: 03:00 comes twice on 2026-10-25 (+3, then +2 an hour later); still one digest that day.
    const preferences = { ...DEFAULT_NOTIFICATION_PREFERENCES, digestHour: 3, quietFrom: 0, quietTo: 0 };
    await t.api('PUT', '/api/notifications/preferences', { token: learner.token, body: preferences });
    const firstThree = Date.parse('2026-10-25T00:00:00.000Z');
    const secondThree = Date.parse('2026-10-25T01:00:00.000Z');
    expect([kyivParts(firstThree).hour, kyivParts(secondThree).hour]).toEqual([3, 3]);
    await at(firstThree);
    await at(secondThree);
    const autumn = (await digestsOf(learner.user._id)).filter((d) => d.key === 'digest:lessons:2026-10-25');
    expect(autumn).toHaveLength(1);
    await until(() => digestMails().length >= 2, 10_000);
    await settle();
    expect(digestMails()).toHaveLength(2);
    expect(mailsTo(learner.person.email)).toHaveLength(3);
  });
});

describe('the password-changed mail', () => {
  it('says when, on the Kyiv clock in the app’s own words, also on the night the clocks go forward', () => {
    // 29 March 2026: Kyiv moves from 03:00 to 04:00; 01:30 UTC is 04:30 there.
    const event = passwordChanged('u-1', 'reset', Date.UTC(2026, 2, 29, 1, 30));
    expect(event.email?.paragraphs[0]).toContain('Час зміни: 04:30, 29 березня 2026 (Київ).');
  });
});
