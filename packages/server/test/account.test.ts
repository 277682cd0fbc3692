import { ACCOUNT_MESSAGES, AUTH_MESSAGES, EMAIL_LINK_TTL_MS, INVITATION_POINTS } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmEmail,
  decodeQuotedPrintable,
  mailedLinkOf,
  newPerson,
  startTestApp,
  type TestApp,
  until,
} from './support/app.js';
import {
  importFixtures,
  notificationsOf,
  RIGHT_ANSWERS,
  signIn,
  signUp,
  staff,
  withoutQuietHours,
} from './support/courses.js';
import { postForm } from './support/liqpay.js';

let t: TestApp;
let alpha: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ alpha } = await importFixtures(t));
});
afterAll(async () => {
  await t.close();
});

type Person = Awaited<ReturnType<typeof signUp>>;

const tokenOf = (link: string) => link.split('/confirm-email/')[1] as string;
const open = (token: string) => t.api('POST', '/api/account/email/confirm', { body: { token } });
const current = async (token: string) => (await t.api('GET', '/api/auth/current', { token })).body;
const login = (email: string, password: string) => t.api('POST', '/api/auth/login', { body: { email, password } });

/** Mails to `email`, decoded; waits until there are at least `count`. */
async function mailsTo(email: string, count = 1): Promise<string[]> {
  let found: string[] = [];
  const end = Date.now() + 10_000;
  while (Date.now() < end) {
    found = (await t.outbox()).map(decodeQuotedPrintable).filter((m) => m.includes(`To: ${email}`));
    if (found.length >= count) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return found;
}

const footprintOf = async (userId: string) =>
  (await t.app.services.db.selectFrom('users').select('mark').where('id', '=', userId).executeTakeFirstOrThrow()).mark;

const auditOf = (userId: string) =>
  t.app.services.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'summary'])
    .where('target', '=', `user:${userId}`)
    // Staff turn two-step sign-in on first (its own audit lines); these tests look at the account's.
    .where('action', 'like', 'account.%')
    .orderBy('created_at')
    .execute();

describe('the address check at registration', () => {
  it('mails a single-use link; the account works at once and is confirmed when the link is opened', async () => {
    const me = await signUp(t);
    expect(me.user).toMatchObject({ emailVerified: false, pendingEmail: null });
    const link = await mailedLinkOf(t, me.person.email, 'confirm-email');
    expect(link).toMatch(new RegExp(`^${t.url}/uk/confirm-email/[A-Za-z0-9_-]{43}$`));
    // Usable before: the course list answers.
    expect((await t.api('GET', '/api/courses', { token: me.token })).status).toBe(200);

    const opened = await open(tokenOf(link));
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({ message: ACCOUNT_MESSAGES.emailVerified, email: me.person.email });
    expect(await current(me.token)).toMatchObject({ emailVerified: true });

    const again = await open(tokenOf(link));
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(ACCOUNT_MESSAGES.invalidEmailLink);
    // Only the sha256 is kept.
    const rows = await t.app.services.db
      .selectFrom('email_tokens')
      .select('token_hash')
      .where('user_id', '=', me.user._id)
      .execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(tokenOf(link));
  });

  it('refuses a link past its day, and one nobody was sent; the address stays unconfirmed', async () => {
    const me = await signUp(t);
    const token = tokenOf(await mailedLinkOf(t, me.person.email, 'confirm-email'));
    expect((await open('x'.repeat(43))).status).toBe(400);
    t.clock.advance(EMAIL_LINK_TTL_MS + 1);
    const late = await open(token);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(ACCOUNT_MESSAGES.invalidEmailLink);
    expect(await current(await signIn(t, me.person.email, me.person.password))).toMatchObject({
      emailVerified: false,
    });
  });

  it('«надіслати ще раз» sends a new link that replaces the old one, three times an hour at most', async () => {
    const me = await signUp(t);
    const first = tokenOf(await mailedLinkOf(t, me.person.email, 'confirm-email'));
    const resend = () => t.api('POST', '/api/account/email/resend', { token: me.token });
    const sent = await resend();
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(ACCOUNT_MESSAGES.verificationSent);
    const second = tokenOf(await mailedLinkOf(t, me.person.email, 'confirm-email', 1));
    expect(second).not.toBe(first);
    expect((await resend()).status).toBe(200);
    expect((await resend()).status).toBe(200);
    const fourth = await resend();
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe(ACCOUNT_MESSAGES.tooManyMails);

    expect((await open(first)).status).toBe(400);
    const newest = tokenOf(await mailedLinkOf(t, me.person.email, 'confirm-email', 3));
    expect((await open(newest)).status).toBe(200);
  });

  it('has nothing to resend for a confirmed address, and needs a session', async () => {
    const me = await signUp(t);
    await confirmEmail(t, me.person.email);
    const answer = await t.api('POST', '/api/account/email/resend', { token: me.token });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(ACCOUNT_MESSAGES.alreadyVerified);
    expect((await t.api('POST', '/api/account/email/resend')).status).toBe(401);
  });

  it('counts accounts the operator makes as confirmed', async () => {
    const token = await staff(t, 'moderator');
    expect(await current(token)).toMatchObject({ emailVerified: true });
  });
});

describe('what waits for a confirmed address', () => {
  const selfTest = (token: string) =>
    t.api('POST', `/api/courses/${alpha}/lessons/1/test`, { token, body: { answers: RIGHT_ANSWERS } });
  const invitationRows = (inviterId: string) =>
    t.app.services.db
      .selectFrom('mark_entries')
      .select('points')
      .where('user_id', '=', inviterId)
      .where('source_key', 'like', 'invitation:%')
      .execute();

  it('the inviter is paid when the invitee, already started, confirms: once', async () => {
    const inviter = await signUp(t);
    const invitee = await signUp(t, { inviterId: inviter.user._id });
    expect((await selfTest(invitee.token)).status).toBe(200);
    expect(await invitationRows(inviter.user._id)).toEqual([]);
    const before = await footprintOf(inviter.user._id);

    await confirmEmail(t, invitee.person.email);
    expect(await footprintOf(inviter.user._id)).toBe(before + INVITATION_POINTS);
    // Another self-test, a link opened again: nothing more.
    await t.api('POST', `/api/courses/${alpha}/lessons/1/test`, {
      token: invitee.token,
      body: { answers: RIGHT_ANSWERS },
    });
    expect((await open(tokenOf(await mailedLinkOf(t, invitee.person.email, 'confirm-email')))).status).toBe(400);
    expect(await invitationRows(inviter.user._id)).toEqual([{ points: INVITATION_POINTS }]);
  });

  it('the inviter is paid when the confirmed invitee starts; an invitee who only confirms brings nothing', async () => {
    const inviter = await signUp(t);
    const started = await signUp(t, { inviterId: inviter.user._id });
    const idle = await signUp(t, { inviterId: inviter.user._id });
    await confirmEmail(t, started.person.email);
    await confirmEmail(t, idle.person.email);
    expect(await invitationRows(inviter.user._id)).toEqual([]);
    await selfTest(started.token);
    expect(await invitationRows(inviter.user._id)).toEqual([{ points: INVITATION_POINTS }]);
  });

  it('a monthly charge’s receipt is held until the payer confirms, then sent once; later ones go at once', async () => {
    const payer = await signUp(t);
    await withoutQuietHours(t, payer.token);
    const { body: checkout } = await t.api('POST', '/api/payments/donat', {
      token: payer.token,
      body: { amount: 80, subscribe: true, offerAccepted: true },
    });
    expect((await postForm(t, '/sandbox/liqpay/checkout/complete', { ...checkout, choice: 'pay' })).status).toBe(303);
    const receipts = () => notificationsOf(t, payer, 'payments');
    const receiptMails = async () =>
      (await mailsTo(payer.person.email)).filter((m) => m.includes('Ми отримали ваш щомісячний внесок'));
    expect(await receipts()).toEqual([]);
    // The charge itself counts at once.
    expect(await footprintOf(payer.user._id)).toBe(10 + 80);

    await confirmEmail(t, payer.person.email);
    expect(await receipts()).toHaveLength(1);
    let mails: string[] = [];
    await until(() => {
      receiptMails().then((m) => {
        mails = m;
      });
      return mails.length > 0;
    }, 10_000);
    expect(mails).toHaveLength(1);

    await t.app.services.sandbox?.chargeNext(checkout.orderId);
    expect(await receipts()).toHaveLength(2);
  });
});

describe('names', () => {
  it('change with registration’s rules; a wrong name changes nothing; the team sees the new one', async () => {
    const inviter = await signUp(t);
    const me = await signUp(t, { inviterId: inviter.user._id });
    const wrong = await t.api('PATCH', '/api/account/profile', {
      token: me.token,
      body: { first_name: 'О', last_name: 'Ковальчук1' },
    });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.fields).sort()).toEqual(['first_name', 'last_name']);
    expect(await current(me.token)).toMatchObject({ first_name: me.person.first_name });

    const changed = await t.api('PATCH', '/api/account/profile', {
      token: me.token,
      body: { first_name: " Мар'яна ", last_name: 'Дʼяченко' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ first_name: 'Марʼяна', last_name: 'Дʼяченко', email: me.person.email });
    expect(await current(me.token)).toMatchObject({ first_name: 'Марʼяна', last_name: 'Дʼяченко' });
    const team = await t.api('GET', '/api/partners', { token: inviter.token });
    expect(JSON.stringify(team.body.team)).toContain('Дʼяченко');
    // A learner's own name is not the staff's audit.
    expect(await auditOf(me.user._id)).toEqual([]);
    expect((await t.api('PATCH', '/api/account/profile', { body: { first_name: 'Ян', last_name: 'Ли' } })).status).toBe(
      401,
    );
  });

  it('of staff are audited', async () => {
    const token = await staff(t, 'admin');
    const { _id } = await current(token);
    await t.api('PATCH', '/api/account/profile', { token, body: { first_name: 'Олена', last_name: 'Пчілка' } });
    expect(await auditOf(_id)).toEqual([
      { action: 'account.profile', actor_id: _id, summary: 'Нове імʼя: Олена Пчілка' },
    ]);
  });
});

describe('the password while signed in', () => {
  const change = (token: string, body: Record<string, unknown>) =>
    t.api('POST', '/api/account/password', { token, body });

  async function twoSessions(): Promise<Person & { other: string }> {
    const me = await signUp(t);
    return { ...me, other: await signIn(t, me.person.email, me.person.password) };
  }

  it('a wrong current password changes nothing, and five of them are the limit', async () => {
    const me = await twoSessions();
    const wrong = await change(me.token, { currentPassword: 'not my password', password: 'a brand new secret' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(ACCOUNT_MESSAGES.wrongPassword);
    expect((await login(me.person.email, me.person.password)).status).toBe(200);
    expect((await login(me.person.email, 'a brand new secret')).status).toBe(401);
    expect((await t.api('GET', '/api/auth/current', { token: me.other })).status).toBe(200);
    for (let i = 0; i < 4; i++)
      await change(me.token, { currentPassword: `wrong ${i}`, password: 'a brand new secret' });
    const limited = await change(me.token, { currentPassword: me.person.password, password: 'a brand new secret' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(ACCOUNT_MESSAGES.tooManyPasswordTries);
    expect((await login(me.person.email, me.person.password)).status).toBe(200);
  });

  it('refuses the same password and a common one', async () => {
    const me = await signUp(t);
    const same = await change(me.token, { currentPassword: me.person.password, password: me.person.password });
    expect(same.body.message).toBe(ACCOUNT_MESSAGES.samePassword);
    const common = await change(me.token, { currentPassword: me.person.password, password: 'Sunshine' });
    expect(common.status).toBe(400);
    expect(common.body.message).toBe(AUTH_MESSAGES.commonPassword);
    const short = await change(me.token, { currentPassword: me.person.password, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.fields.password).toBe('Пароль: щонайменше 8 символів');
    expect((await login(me.person.email, me.person.password)).status).toBe(200);
  });

  it('ends the other sessions when asked, keeps this one, and mails a notice', async () => {
    const me = await twoSessions();
    const done = await change(me.token, {
      currentPassword: me.person.password,
      password: 'a brand new secret',
      endOtherSessions: true,
    });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(ACCOUNT_MESSAGES.passwordChanged);
    expect((await t.api('GET', '/api/auth/current', { token: me.token })).status).toBe(200);
    expect((await t.api('GET', '/api/auth/current', { token: me.other })).status).toBe(401);
    expect((await login(me.person.email, me.person.password)).status).toBe(401);
    expect((await login(me.person.email, 'a brand new secret')).status).toBe(200);
    const notice = (await mailsTo(me.person.email, 2)).find((m) => m.includes('Пароль змінено в кабінеті'));
    expect(notice).toContain('Листи про безпеку акаунта приходять завжди.');
    const [told] = await notificationsOf(t, { person: { ...me.person, password: 'a brand new secret' } }, 'account');
    expect(told.body).toBe('Пароль змінено в кабінеті, з поточним паролем.');
  });

  it('keeps the other sessions unless asked', async () => {
    const me = await twoSessions();
    expect(
      (await change(me.token, { currentPassword: me.person.password, password: 'a brand new secret' })).status,
    ).toBe(200);
    expect((await t.api('GET', '/api/auth/current', { token: me.other })).status).toBe(200);
  });

  it('of staff is audited', async () => {
    const person = newPerson();
    await t.app.services.auth.createAccount({ ...person, role: 'moderator' });
    const token = await signIn(t, person.email, person.password);
    const { _id } = await current(token);
    await change(token, { currentPassword: person.password, password: 'a brand new secret', endOtherSessions: true });
    expect(await auditOf(_id)).toEqual([
      { action: 'account.password', actor_id: _id, summary: 'Новий пароль у кабінеті, інші сеанси завершено (0)' },
    ]);
  });
});

describe('a new address', () => {
  const ask = (token: string, body: Record<string, unknown>) => t.api('POST', '/api/account/email', { token, body });
  const fresh = () => newPerson().email;

  it('lands only when the link sent to it is opened; the old address is told twice', async () => {
    const me = await signUp(t);
    await confirmEmail(t, me.person.email);
    const next = fresh();
    const asked = await ask(me.token, { email: next, currentPassword: me.person.password });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(ACCOUNT_MESSAGES.changeSent);
    expect(asked.body.user).toMatchObject({ email: me.person.email, pendingEmail: next, emailVerified: true });
    const oldMails = await mailsTo(me.person.email, 2);
    expect(oldMails.some((m) => m.includes('попросив змінити адресу') && m.includes(`${next[0]}…@example.org`))).toBe(
      true,
    );
    // The old address still signs in; the new one not yet.
    expect((await login(me.person.email, me.person.password)).status).toBe(200);
    expect((await login(next, me.person.password)).status).toBe(401);

    const link = await mailedLinkOf(t, next, 'confirm-email');
    const opened = await open(tokenOf(link));
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({ message: ACCOUNT_MESSAGES.emailChanged, email: next });
    expect(await current(me.token)).toMatchObject({ email: next, pendingEmail: null, emailVerified: true });
    expect((await login(next, me.person.password)).status).toBe(200);
    expect((await login(me.person.email, me.person.password)).status).toBe(401);
    expect((await mailsTo(me.person.email, 3)).some((m) => m.includes('Адресу вашого кабінету «Єдині» змінено'))).toBe(
      true,
    );
    expect((await open(tokenOf(link))).status).toBe(400);
  });

  it('asks for the password, refuses the same address and a taken one, and changes nothing', async () => {
    const me = await signUp(t);
    const other = await signUp(t);
    const wrong = await ask(me.token, { email: fresh(), currentPassword: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(ACCOUNT_MESSAGES.wrongPassword);
    const same = await ask(me.token, { email: me.person.email.toUpperCase(), currentPassword: me.person.password });
    expect(same.body.message).toBe(ACCOUNT_MESSAGES.sameEmail);
    const taken = await ask(me.token, { email: other.person.email, currentPassword: me.person.password });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(ACCOUNT_MESSAGES.emailTaken);
    expect(taken.body.message).not.toContain(other.person.first_name);
    expect(await current(me.token)).toMatchObject({ email: me.person.email, pendingEmail: null });
    const links = await t.app.services.db
      .selectFrom('email_tokens')
      .select('purpose')
      .where('user_id', '=', me.user._id)
      .execute();
    expect(links.map((l) => l.purpose)).toEqual(['verify']);
  });

  it('a link whose address was taken meanwhile changes nothing; an expired one neither', async () => {
    const me = await signUp(t);
    const next = fresh();
    await ask(me.token, { email: next, currentPassword: me.person.password });
    const token = tokenOf(await mailedLinkOf(t, next, 'confirm-email'));
    await signUp(t, { email: next });
    const taken = await open(token);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(ACCOUNT_MESSAGES.emailTaken);
    expect(await current(me.token)).toMatchObject({ email: me.person.email });

    const later = fresh();
    await ask(me.token, { email: later, currentPassword: me.person.password });
    const lateToken = tokenOf(await mailedLinkOf(t, later, 'confirm-email'));
    t.clock.advance(EMAIL_LINK_TTL_MS + 1);
    expect((await open(lateToken)).status).toBe(400);
    expect(await current(await signIn(t, me.person.email, me.person.password))).toMatchObject({
      email: me.person.email,
      pendingEmail: null,
    });
  });

  it('confirms an unconfirmed account, which pays what waited for it', async () => {
    const inviter = await signUp(t);
    const me = await signUp(t, { inviterId: inviter.user._id });
    await selfTestOf(me.token);
    const next = fresh();
    await ask(me.token, { email: next, currentPassword: me.person.password });
    expect(await open(tokenOf(await mailedLinkOf(t, next, 'confirm-email')))).toMatchObject({ status: 200 });
    expect(await current(me.token)).toMatchObject({ email: next, emailVerified: true });
    // The old address's check no longer confirms anything.
    expect((await open(tokenOf(await mailedLinkOf(t, me.person.email, 'confirm-email')))).status).toBe(400);
    const rows = await t.app.services.db
      .selectFrom('mark_entries')
      .select('points')
      .where('source_key', '=', `invitation:${me.user._id}`)
      .execute();
    expect(rows).toEqual([{ points: INVITATION_POINTS }]);
  });

  it('is called off by a new password', async () => {
    const me = await signUp(t);
    const next = fresh();
    await ask(me.token, { email: next, currentPassword: me.person.password });
    const token = tokenOf(await mailedLinkOf(t, next, 'confirm-email'));
    await t.api('POST', '/api/account/password', {
      token: me.token,
      body: { currentPassword: me.person.password, password: 'a brand new secret' },
    });
    expect((await open(token)).status).toBe(400);
    expect(await current(me.token)).toMatchObject({ email: me.person.email, pendingEmail: null });
  });

  it('of staff is audited, request and change', async () => {
    const person = newPerson();
    await t.app.services.auth.createAccount({ ...person, role: 'admin' });
    const token = await signIn(t, person.email, person.password);
    const { _id } = await current(token);
    const next = fresh();
    await ask(token, { email: next, currentPassword: person.password });
    await open(tokenOf(await mailedLinkOf(t, next, 'confirm-email')));
    // One clock instant: the order of the two lines is not asserted.
    expect((await auditOf(_id)).map((a) => a.action).sort()).toEqual(['account.email', 'account.email.request']);
  });

  const selfTestOf = (token: string) =>
    t.api('POST', `/api/courses/${alpha}/lessons/1/test`, { token, body: { answers: RIGHT_ANSWERS } });
});
