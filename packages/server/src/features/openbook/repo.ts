import { kyivTime } from '@yedyni/contract';
import { sql } from 'kysely';
import type { Executor } from '../../infra/db/index.js';

/*
 * The open book reads, and never writes, the ledgers other features keep: charges (payments),
 * practice (habit), first lesson opens (courses) and curators' replies (homework). Every read is
 * by time across everybody, each on an index made for it (migration 0033, and 0018/0022).
 */

/** A Kyiv calendar month: its instants (inclusive) and its dates ('YYYY-MM-DD', inclusive). */
export interface MonthSpan {
  start: number;
  end: number;
  firstDay: string;
  lastDay: string;
}

export function monthSpan(month: string): MonthSpan {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const start = kyivTime(y, m, 1);
  const next = kyivTime(y, m + 1, 1);
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { start, end: next - 1, firstDay: `${month}-01`, lastDay: `${month}-${String(days).padStart(2, '0')}` };
}

const n = (value: unknown) => Number(value ?? 0);

/** The month's charges that stand (successful, not refunded), summed by kind, with distinct donors. */
export async function monthIncome(db: Executor, span: MonthSpan) {
  const row = await db
    .selectFrom('payments')
    .select([
      sql<string>`coalesce(sum(case when action = 'pay' then amount_kop else 0 end), 0)`.as('once_kop'),
      sql<string>`coalesce(sum(case when action <> 'pay' then amount_kop else 0 end), 0)`.as('monthly_kop'),
      sql<string>`count(distinct case when action = 'pay' then user_id end)`.as('once_donors'),
      sql<string>`count(distinct case when action <> 'pay' then user_id end)`.as('monthly_donors'),
      sql<string>`count(distinct user_id)`.as('donors'),
      sql<string>`count(*)`.as('charges'),
    ])
    .where('end_date', '>=', span.start)
    .where('end_date', '<=', span.end)
    .where('reversed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    onceKop: n(row.once_kop),
    monthlyKop: n(row.monthly_kop),
    onceDonors: n(row.once_donors),
    monthlyDonors: n(row.monthly_donors),
    donors: n(row.donors),
    charges: n(row.charges),
  };
}

/** One person's charges that stand in the month, in kopiykas (the (user, date) index). */
export async function donorKop(db: Executor, userId: string, span: MonthSpan): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select(sql<string>`coalesce(sum(amount_kop), 0)`.as('kop'))
    .where('user_id', '=', userId)
    .where('end_date', '>=', span.start)
    .where('end_date', '<=', span.end)
    .where('reversed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return n(row.kop);
}

/** The first charge's time and the first expense's date: where the page's months begin. */
export async function firstRecords(db: Executor): Promise<{ charge: number | null; expense: string | null }> {
  const [charge, expense] = await Promise.all([
    db
      .selectFrom('payments')
      .select((eb) => eb.fn.min('end_date').as('first'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('openbook_expenses')
      .select((eb) => eb.fn.min('spent_on').as('first'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    charge: charge.first == null ? null : Number(charge.first),
    expense: expense.first == null ? null : String(expense.first),
  };
}

const EXPENSE_COLUMNS = [
  'id',
  'spent_on',
  'amount_kop',
  'category',
  'title',
  'note',
  'version',
  'created_at',
  'updated_at',
] as const;

/** The month's expenses by date, then as entered. */
export function expensesOf(db: Executor, span: MonthSpan) {
  return db
    .selectFrom('openbook_expenses')
    .select(EXPENSE_COLUMNS)
    .where('spent_on', '>=', span.firstDay)
    .where('spent_on', '<=', span.lastDay)
    .orderBy('spent_on')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** `lock`: hold the row for the rest of the transaction (PostgreSQL only: SQLite runs one writer at a time). */
export function findExpense(db: Executor, id: string, lock = false) {
  const query = db.selectFrom('openbook_expenses').select(EXPENSE_COLUMNS).where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export function findExpenseByKey(db: Executor, key: string) {
  return db.selectFrom('openbook_expenses').select(EXPENSE_COLUMNS).where('request_key', '=', key).executeTakeFirst();
}

export type ExpenseRow = NonNullable<Awaited<ReturnType<typeof findExpense>>>;

/**
 * Learners served: distinct people who practised (diary, self-test, homework, a game round,
 * «Повторення», a club attended) on a Kyiv day of the month, or first opened a lesson in it.
 */
export async function learnersServed(db: Executor, span: MonthSpan): Promise<number> {
  const practised = db
    .selectFrom('practice_events')
    .select('user_id')
    .where('day', '>=', span.firstDay)
    .where('day', '<=', span.lastDay);
  const opened = db
    .selectFrom('lesson_opens')
    .select('user_id')
    .where('opened_at', '>=', span.start)
    .where('opened_at', '<=', span.end);
  const row = await db
    .selectFrom(practised.union(opened).as('served'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return n(row.n);
}

/** Homework reviewed: curators' answers to waiting homework in the month (the reply log). */
export async function reviewsIn(db: Executor, span: MonthSpan): Promise<number> {
  const row = await db
    .selectFrom('homework_replies')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('replied_at', '>=', span.start)
    .where('replied_at', '<=', span.end)
    .executeTakeFirstOrThrow();
  return n(row.n);
}
