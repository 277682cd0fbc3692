import { ACCESS_MESSAGES, kyivTime, OPENBOOK_MESSAGES, OPENBOOK_MIN_DONORS, TWO_STEP_MESSAGES } from '@yedyni/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPerson, startTestApp, type TestApp } from './support/app.js';
import { curator, importFixtures, signIn, signUp, staff } from './support/courses.js';
import { providerCallback } from './support/liqpay.js';

let t: TestApp;
let admin: string;
let alpha: string;

/** Moves the test clock to a Kyiv wall-clock time. */
function at(year: number, month: number, day: number, hour: number, minute = 0): void {
  t.clock.advance(kyivTime(year, month, day, hour, minute) - t.clock.now());
}

let paid = 0;
/** A successful charge at `when` (ms): a one-off order, or a monthly one's first charge. */
async function charge(
  token: string,
  amount: number,
  when: number,
  subscribe = false,
): Promise<{ orderId: string; paymentId: string }> {
  const order = await t.api('POST', '/api/payments/donat', { token, body: { amount, subscribe, offerAccepted: true } });
  expect(order.status).toBe(200);
  const paymentId = `ob-${++paid}-${order.body.orderId}`;
  const done = await providerCallback(t, {
    action: subscribe ? 'subscribe' : 'pay',
    status: 'success',
    order_id: order.body.orderId,
    payment_id: paymentId,
    amount,
    currency: 'UAH',
    end_date: when,
  });
  expect(done.status).toBe(200);
  return { orderId: order.body.orderId, paymentId };
}

/** The ledger's own sum of a range's charges that stand, in kopiykas: what the page must equal. */
async function ledgerKop(start: number, end: number, actions: string[]): Promise<number> {
  const row = await t.app.services.db
    .selectFrom('payments')
    .select(sql<string>`coalesce(sum(amount_kop), 0)`.as('kop'))
    .where('end_date', '>=', start)
    .where('end_date', '<=', end)
    .where('reversed_at', 'is', null)
    .where('action', 'in', actions)
    .executeTakeFirstOrThrow();
  return Number(row.kop);
}

const month = (m: string, token?: string) => t.api('GET', `/api/openbook/${m}`, token ? { token } : {});
const expense = (overrides: Record<string, unknown> = {}) => ({
  amount: 1234.56,
  date: '2027-02-10',
  category: 'services',
  title: 'Хостинг і резервні копії',
  note: 'Рахунок №17 від постачальника',
  key: `k-${Math.random().toString(36).slice(2, 12)}`,
  ...overrides,
});
const create = (body: Record<string, unknown>, token = admin) =>
  t.api('POST', '/api/admin/openbook/expenses', { token, body });

type Person = Awaited<ReturnType<typeof signUp>>;
let donors: Person[];

beforeAll(async () => {
  t = await startTestApp();
  // Sessions last 30 days: everybody acts in March 2027, the charges carry earlier dates.
  at(2027, 3, 10, 12);
  ({ alpha } = await importFixtures(t));
  admin = await staff(t, 'admin');
  donors = await Promise.all(Array.from({ length: 5 }, () => signUp(t)));
});
afterAll(async () => {
  await t.close();
});

describe('the open book of a month', () => {
  it('sums the ledger exactly, by Kyiv month, one-off apart from monthly, without refunds', async () => {
    const [a, b, c, d, e] = donors as [Person, Person, Person, Person, Person];
    // January (Kyiv): the first of everything, and a charge at 22:30 UTC on 31 January, which in
    // Kyiv is 00:30 on 1 February and so belongs to February.
    await charge(a.token, 40, kyivTime(2027, 1, 5, 10));
    const boundary = Date.UTC(2027, 0, 31, 22, 30);
    await charge(b.token, 80, boundary);
    // February: three one-off donors, three monthly ones, and one refund.
    await charge(a.token, 120, kyivTime(2027, 2, 1, 0, 0));
    await charge(c.token, 400, kyivTime(2027, 2, 14, 9));
    await charge(c.token, 960, kyivTime(2027, 2, 15, 9), true);
    await charge(d.token, 480, kyivTime(2027, 2, 20, 9), true);
    await charge(e.token, 1920, kyivTime(2027, 2, 28, 23, 59), true);
    const refunded = await charge(e.token, 40_000, kyivTime(2027, 2, 21, 9));
    const reversal = await providerCallback(t, {
      action: 'pay',
      status: 'reversed',
      payment_id: refunded.paymentId,
      order_id: refunded.orderId,
      amount: 40_000,
      currency: 'UAH',
    });
    expect(reversal.status).toBe(200);
    // March 1st 00:00 Kyiv is March's.
    await charge(d.token, 40, kyivTime(2027, 3, 1, 0, 0));

    const feb = await month('2027-02');
    expect(feb.status).toBe(200);
    const start = kyivTime(2027, 2, 1);
    const end = kyivTime(2027, 3, 1) - 1;
    const once = await ledgerKop(start, end, ['pay']);
    const monthly = await ledgerKop(start, end, ['subscribe', 'regular']);
    expect(once).toBe((80 + 120 + 400) * 100);
    expect(monthly).toBe((960 + 480 + 1920) * 100);
    expect(feb.body.income).toEqual({
      withheld: null,
      total: (once + monthly) / 100,
      donations: once / 100,
      subscriptions: monthly / 100,
      donors: 5,
    });
    expect(feb.body.balance).toBe((once + monthly) / 100);
    expect(feb.body.hasData).toBe(true);
    expect(feb.body.previous).toBe('2027-01');
    expect(feb.body.next).toBe('2027-03');
    // Nobody's name or id, nowhere.
    const text = JSON.stringify(feb.body);
    for (const p of donors) {
      expect(text).not.toContain(p.person.first_name);
      expect(text).not.toContain(p.user._id);
    }

    // January had one donor: its income is not shown, nor its balance; the first month offers no earlier one.
    const jan = await month('2027-01');
    expect(jan.body.income).toEqual({
      withheld: 'fewDonors',
      total: null,
      donations: null,
      subscriptions: null,
      donors: null,
    });
    expect(jan.body.balance).toBeNull();
    expect(jan.body.previous).toBeNull();
    expect(jan.body.hasData).toBe(true);

    // March is still running: what came in is not shown until it ends; no month after it is offered.
    const mar = await month('2027-03');
    expect(mar.body.income.withheld).toBe('running');
    expect(mar.body.income.total).toBeNull();
    expect(mar.body.next).toBeNull();
    expect((await t.api('GET', '/api/openbook')).body.month).toBe('2027-03');
    const future = await month('2027-04');
    expect(future.status).toBe(404);
    expect(future.body.message).toBe(OPENBOOK_MESSAGES.futureMonth);
    expect((await month('2027-13')).status).toBe(400);

    // A month long before anything: it says there is nothing, with zeros.
    const empty = await month('2024-05');
    expect(empty.body).toMatchObject({ hasData: false, expenses: [], learners: 0, reviews: 0, previous: null });
    expect(empty.body.income.total).toBe(0);
  });

  it('hides the split of a kind with too few donors, keeping the total', async () => {
    // December 2026: three one-off donors, one monthly.
    const [a, b, c] = donors as [Person, Person, Person];
    await charge(a.token, 40, kyivTime(2026, 12, 3, 10));
    await charge(b.token, 80, kyivTime(2026, 12, 4, 10));
    await charge(c.token, 120, kyivTime(2026, 12, 5, 10), true);
    const dec = await month('2026-12');
    expect(dec.body.income).toEqual({ withheld: null, total: 240, donations: null, subscriptions: null, donors: 3 });
    expect(OPENBOOK_MIN_DONORS).toBe(3);
  });

  it('shows a signed-in donor their own gifts and share, and nobody else’s', async () => {
    const c = donors[2] as Person;
    const share = await t.api('GET', '/api/openbook/2027-02/mine', { token: c.token });
    expect(share.status).toBe(200);
    const total = 80 + 120 + 400 + 960 + 480 + 1920;
    expect(share.body).toEqual({ month: '2027-02', amount: 1360, share: 1360 / total, withheld: null });
    // A refunded gift is no gift.
    const e = donors[4] as Person;
    expect((await t.api('GET', '/api/openbook/2027-02/mine', { token: e.token })).body.amount).toBe(1920);
    // In a month with too few donors, the share would tell the total: only the amount is given.
    const a = donors[0] as Person;
    expect((await t.api('GET', '/api/openbook/2027-01/mine', { token: a.token })).body).toEqual({
      month: '2027-01',
      amount: 40,
      share: null,
      withheld: 'fewDonors',
    });
    const stranger = await signUp(t);
    expect((await t.api('GET', '/api/openbook/2027-02/mine', { token: stranger.token })).body).toMatchObject({
      amount: 0,
      share: null,
    });
    expect((await t.api('GET', '/api/openbook/2027-02/mine')).status).toBe(401);
  });

  it('counts learners served and homework reviewed in the month (Kyiv)', async () => {
    const learner = await signUp(t);
    const other = await signUp(t);
    // 10 March: one opens a lesson and hands in homework, another only opens it; a curator answers.
    expect((await t.api('GET', `/api/courses/${alpha}/lessons/1/content`, { token: learner.token })).status).toBe(200);
    expect((await t.api('GET', `/api/courses/${alpha}/lessons/1/content`, { token: other.token })).status).toBe(200);
    const handed = await t.form('POST', '/api/exercises', {
      token: learner.token,
      fields: { courseId: alpha, lessonId: '1', homework: 'Моє есе.' },
    });
    expect(handed.status).toBe(201);
    const curatorToken = await curator(t);
    const comment = await t.form('POST', '/api/exercises/comment', {
      token: curatorToken,
      fields: { exerciseId: handed.body._id, comment: 'Добре' },
    });
    expect(comment.status).toBe(201);
    const mar = await month('2027-03');
    expect(mar.body.learners).toBe(2);
    expect(mar.body.reviews).toBe(1);
    expect((await month('2027-02')).body).toMatchObject({ learners: 0, reviews: 0 });
  });
});

describe('expenses', () => {
  it('only admins with two-step sign-in read and change them', async () => {
    const learner = await signUp(t);
    const moderator = await curator(t);
    for (const token of [learner.token, moderator]) {
      const refused = await create(expense(), token);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(ACCESS_MESSAGES.adminsOnly);
      expect((await t.api('GET', '/api/admin/openbook/expenses?month=2027-02', { token })).status).toBe(403);
    }
    // An admin who has not turned two-step sign-in on is refused, and told why.
    const person = newPerson();
    await t.app.services.auth.createAccount({ ...person, role: 'admin' });
    const bare = await signIn(t, person.email, person.password);
    const refused = await create(expense(), bare);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(TWO_STEP_MESSAGES.staffRequired);
    expect((await create(expense())).status).toBe(201);
    expect((await t.api('POST', '/api/admin/openbook/expenses', { body: expense() })).status).toBe(401);
  });

  it('refuses bad input with a Ukrainian message naming the field, and changes nothing', async () => {
    const before = await t.app.services.db
      .selectFrom('openbook_expenses')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 0 }, 'Сума:'],
      [{ amount: -5 }, 'Сума:'],
      [{ amount: 10.005 }, 'Сума:'],
      [{ amount: 20_000_000 }, 'Сума:'],
      [{ date: '2027-02-30' }, 'Дата: справжня дата'],
      [{ date: '2027-03-11' }, OPENBOOK_MESSAGES.futureDate],
      [{ category: 'yachts' }, 'Категорія:'],
      [{ title: '   ' }, 'Назва:'],
      [{ title: 'рядок\nдругий' }, 'Назва:'],
      [{ note: 'я'.repeat(501) }, 'Примітка: не більше 500 символів'],
      [{ key: 'short' }, 'Ключ запиту:'],
    ];
    for (const [overrides, message] of cases) {
      const answer = await create(expense(overrides));
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(answer.body.message).toContain(message);
    }
    const after = await t.app.services.db
      .selectFrom('openbook_expenses')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // Today (Kyiv) is fine; kopiykas are kept exactly.
    const today = await create(expense({ date: '2027-03-10', amount: 0.1 + 0.2 }));
    expect(today.status).toBe(201);
    expect(today.body.amount).toBe(0.3);
  });

  it('adds, edits and deletes, each once however often sent, each audited with before and after', async () => {
    const body = expense({
      date: '2027-02-11',
      amount: 700.05,
      title: 'Друк роздаткових матеріалів',
      category: 'materials',
    });
    // The same form sent five times at once: one expense, one audit line.
    const made = await Promise.all(Array.from({ length: 5 }, () => create(body)));
    expect(made.every((a) => a.status === 201)).toBe(true);
    const id = made[0]?.body._id as string;
    expect(new Set(made.map((a) => a.body._id))).toEqual(new Set([id]));
    const audit = async (action: string) =>
      t.app.services.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', action)
        .where('target', '=', `expense:${id}`)
        .execute();
    expect(await audit('expense.create')).toHaveLength(1);

    const feb = (await month('2027-02')).body;
    const listed = feb.expenses.find((x: { _id: string }) => x._id === id);
    expect(listed).toEqual({
      _id: id,
      date: '2027-02-11',
      category: 'materials',
      title: 'Друк роздаткових матеріалів',
      note: 'Рахунок №17 від постачальника',
      amount: 700.05,
    });
    const rows = await t.app.services.db
      .selectFrom('openbook_expenses')
      .select(sql<string>`coalesce(sum(amount_kop), 0)`.as('kop'))
      .where('spent_on', '>=', '2027-02-01')
      .where('spent_on', '<=', '2027-02-28')
      .executeTakeFirstOrThrow();
    expect(Math.round(feb.expensesTotal * 100)).toBe(Number(rows.kop));
    expect(Math.round(feb.balance * 100)).toBe(Math.round(feb.income.total * 100) - Number(rows.kop));

    // An edit, sent three times at once: one change, one audit line with before and after.
    const { key: _key, ...fields } = body;
    const edit = { ...fields, amount: 750, note: 'Рахунок №18', version: 1 };
    const edits = await Promise.all(
      Array.from({ length: 3 }, () => t.api('PUT', `/api/admin/openbook/expenses/${id}`, { token: admin, body: edit })),
    );
    expect(edits.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(edits.map((a) => a.body.version)).toEqual([2, 2, 2]);
    const updates = await audit('expense.update');
    expect(updates).toHaveLength(1);
    const details = JSON.parse(updates[0]?.details as string);
    expect(details.before).toMatchObject({ amount: 700.05, note: 'Рахунок №17 від постачальника' });
    expect(details.after).toMatchObject({ amount: 750, note: 'Рахунок №18' });

    // Another change of the version already changed: refused, nothing changed.
    const stale = await t.api('PUT', `/api/admin/openbook/expenses/${id}`, {
      token: admin,
      body: { ...edit, amount: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(OPENBOOK_MESSAGES.expenseChanged);
    expect((await t.api('GET', '/api/admin/openbook/expenses?month=2027-02', { token: admin })).body.expenses).toEqual(
      expect.arrayContaining([expect.objectContaining({ _id: id, amount: 750, version: 2 })]),
    );

    // Delete: of two at once, one deletes; the other finds nothing. One audit line, with what it was.
    const stalDelete = await t.api('DELETE', `/api/admin/openbook/expenses/${id}?version=1`, { token: admin });
    expect(stalDelete.status).toBe(409);
    const deletes = await Promise.all(
      [1, 2].map(() => t.api('DELETE', `/api/admin/openbook/expenses/${id}?version=2`, { token: admin })),
    );
    expect(deletes.map((a) => a.status).sort()).toEqual([204, 404]);
    const deleted = await audit('expense.delete');
    expect(deleted).toHaveLength(1);
    expect(JSON.parse(deleted[0]?.details as string)).toMatchObject({ before: { amount: 750 }, after: null });
    expect((await month('2027-02')).body.expenses.some((x: { _id: string }) => x._id === id)).toBe(false);
    const learner = donors[0] as Person;
    expect(
      (await t.api('DELETE', `/api/admin/openbook/expenses/${id}?version=2`, { token: learner.token })).status,
    ).toBe(403);
  });

  it('reads a month in few queries on its indexes, fast with a big ledger', async () => {
    // 20 000 charges across a year: the month's figures come from the (end_date, …) index.
    const db = t.app.services.db;
    const someone = donors[1] as Person;
    const orderId = (
      await t.api('POST', '/api/payments/donat', {
        token: someone.token,
        body: { amount: 40, subscribe: false, offerAccepted: true },
      })
    ).body.orderId;
    const base = kyivTime(2026, 1, 1);
    const rows = Array.from({ length: 20_000 }, (_, i) => ({
      id: `bulk-${i}`,
      payment_id: `bulk-${i}`,
      order_id: orderId,
      user_id: (donors[i % donors.length] as Person).user._id,
      action: i % 2 ? 'pay' : 'regular',
      amount_kop: 4000,
      description: 'bulk',
      info: '',
      end_date: base + i * 26 * 60 * 1000,
      card_mask: '',
      created_at: base,
      reversed_at: null,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('payments')
        .values(rows.slice(i, i + 500))
        .execute();
    await month('2026-06');
    const started = performance.now();
    const answer = await month('2026-06');
    const ms = performance.now() - started;
    expect(answer.status).toBe(200);
    const start = kyivTime(2026, 6, 1);
    const end = kyivTime(2026, 7, 1) - 1;
    expect(Math.round(answer.body.income.donations * 100)).toBe(await ledgerKop(start, end, ['pay']));
    expect(Math.round(answer.body.income.subscriptions * 100)).toBe(
      await ledgerKop(start, end, ['subscribe', 'regular']),
    );
    console.info(`openbook: one month over 20 000 charges answered in ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(500);
  });
});
