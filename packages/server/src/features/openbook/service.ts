import { randomUUID } from 'node:crypto';
import {
  ACCESS_MESSAGES,
  type AdminExpense,
  type AdminExpenses,
  EXPENSE_CATEGORY_NAMES,
  type Expense,
  type ExpenseCategory,
  type ExpenseCreate,
  type ExpenseUpdate,
  expenseFieldsSchema,
  formatUah,
  type IncomeWithheld,
  kyivIsoDate,
  OPENBOOK_MESSAGES,
  OPENBOOK_MIN_DONORS,
  type OpenbookMonth,
  type OpenbookShare,
  shiftMonth,
} from '@yedyni/contract';
import type { Transaction } from 'kysely';
import { excerpt, writeAudit } from '../../infra/audit.js';
import type { Clock } from '../../infra/clock.js';
import { type Database, type Db, needsRowLocks } from '../../infra/db/index.js';
import { AppError } from '../../infra/errors.js';
import type { Actor } from '../auth/index.js';
import { canManageExpenses } from './policy.js';
import * as repo from './repo.js';

const uah = (kop: number) => kop / 100;
const kop = (amount: number) => Math.round(amount * 100);

type Fields = ReturnType<typeof expenseFieldsSchema.parse>;

function expenseOf(row: repo.ExpenseRow): Expense {
  return {
    _id: row.id,
    date: row.spent_on,
    category: row.category as ExpenseCategory,
    title: row.title,
    note: row.note,
    amount: uah(Number(row.amount_kop)),
  };
}

function adminExpenseOf(row: repo.ExpenseRow): AdminExpense {
  return {
    ...expenseOf(row),
    version: Number(row.version),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** The columns an expense's fields are kept in. */
const columnsOf = (fields: Fields) => ({
  spent_on: fields.date,
  amount_kop: kop(fields.amount),
  category: fields.category,
  title: fields.title,
  note: fields.note,
});

const sameFields = (row: repo.ExpenseRow, fields: Fields) => {
  const wanted = columnsOf(fields);
  return (
    row.spent_on === wanted.spent_on &&
    Number(row.amount_kop) === wanted.amount_kop &&
    row.category === wanted.category &&
    row.title === wanted.title &&
    row.note === wanted.note
  );
};

/** One line for the audit log: «12-11-2026, Сервери та сервіси, «Хостинг»: 1 200,00 ₴». */
const summaryOf = (e: Expense) =>
  `${e.date.split('-').reverse().join('-')}, ${EXPENSE_CATEGORY_NAMES[e.category]}, «${excerpt(e.title, 60)}»: ${formatUah(e.amount)}`;

/**
 * «Відкритий звіт»: the month's income from the payments ledger, the expenses admins enter,
 * learners served and homework reviewed, all computed at read time (docs/domain.md «Open book»).
 */
export class OpenbookService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  /** The Kyiv month of now, `YYYY-MM`. */
  currentMonth(): string {
    return kyivIsoDate(this.deps.clock.now()).slice(0, 7);
  }

  /** A month the page may show: never one still to come. */
  private offered(month: string): void {
    if (month > this.currentMonth()) throw new AppError(404, OPENBOOK_MESSAGES.futureMonth);
  }

  /** Why a month's income is not shown, or null when it is. */
  private withheld(month: string, donors: number): IncomeWithheld {
    // A running month's total moves with each gift: watching it would show one person's gift.
    if (month === this.currentMonth()) return 'running';
    return donors > 0 && donors < OPENBOOK_MIN_DONORS ? 'fewDonors' : null;
  }

  async month(month: string): Promise<OpenbookMonth> {
    this.offered(month);
    const { db } = this.deps;
    const span = repo.monthSpan(month);
    const [income, rows, learners, reviews, first] = await Promise.all([
      repo.monthIncome(db, span),
      repo.expensesOf(db, span),
      repo.learnersServed(db, span),
      repo.reviewsIn(db, span),
      repo.firstRecords(db),
    ]);
    const expenses = rows.map(expenseOf);
    const expensesKop = rows.reduce((sum, r) => sum + Number(r.amount_kop), 0);
    const withheld = this.withheld(month, income.donors);
    const totalKop = income.onceKop + income.monthlyKop;
    // Each kind on its own is shown only when it, too, had none or enough donors.
    const kindOpen = (donors: number) => donors === 0 || donors >= OPENBOOK_MIN_DONORS;
    const split = withheld === null && kindOpen(income.onceDonors) && kindOpen(income.monthlyDonors);
    const firstMonth = [
      first.charge === null ? null : kyivIsoDate(first.charge).slice(0, 7),
      first.expense?.slice(0, 7) ?? null,
    ]
      .filter((m): m is string => m !== null)
      .sort()[0];
    return {
      month,
      previous: firstMonth !== undefined && month > firstMonth ? shiftMonth(month, -1) : null,
      next: month < this.currentMonth() ? shiftMonth(month, 1) : null,
      hasData: income.charges > 0 || rows.length > 0 || learners > 0 || reviews > 0,
      income: {
        withheld,
        total: withheld ? null : uah(totalKop),
        donations: split ? uah(income.onceKop) : null,
        subscriptions: split ? uah(income.monthlyKop) : null,
        donors: withheld ? null : income.donors,
      },
      expenses,
      expensesTotal: uah(expensesKop),
      balance: withheld ? null : uah(totalKop - expensesKop),
      learners,
      reviews,
    };
  }

  /** The caller's own gifts of the month and their part of its income (never anyone else's). */
  async share(actor: Actor, month: string): Promise<OpenbookShare> {
    this.offered(month);
    const span = repo.monthSpan(month);
    const [mine, income] = await Promise.all([
      repo.donorKop(this.deps.db, actor.id, span),
      repo.monthIncome(this.deps.db, span),
    ]);
    const withheld = this.withheld(month, income.donors);
    const totalKop = income.onceKop + income.monthlyKop;
    return {
      month,
      amount: uah(mine),
      share: withheld || mine === 0 || totalKop === 0 ? null : mine / totalKop,
      withheld,
    };
  }

  private guard(actor: Actor): void {
    if (!canManageExpenses(actor)) throw new AppError(403, ACCESS_MESSAGES.adminsOnly);
  }

  /** Money goes out on a day that has come: a future date would put it in a month not yet shown. */
  private checkDate(fields: Fields): void {
    if (fields.date > kyivIsoDate(this.deps.clock.now())) throw new AppError(400, OPENBOOK_MESSAGES.futureDate);
  }

  async expenses(actor: Actor, month: string): Promise<AdminExpenses> {
    this.guard(actor);
    this.offered(month);
    const rows = await repo.expensesOf(this.deps.db, repo.monthSpan(month));
    return {
      month,
      expenses: rows.map(adminExpenseOf),
      total: uah(rows.reduce((sum, r) => sum + Number(r.amount_kop), 0)),
      today: kyivIsoDate(this.deps.clock.now()),
    };
  }

  /** A new expense; the same form's key again (a repeat, a double click) answers the one it made. */
  async create(actor: Actor, body: ExpenseCreate): Promise<AdminExpense> {
    this.guard(actor);
    const fields = expenseFieldsSchema.parse(body);
    this.checkDate(fields);
    const { db, clock } = this.deps;
    const now = clock.now();
    const id = randomUUID();
    return db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('openbook_expenses')
        .values({
          id,
          request_key: body.key,
          ...columnsOf(fields),
          version: 1,
          created_by: actor.id,
          created_at: now,
          updated_at: now,
        })
        .onConflict((conflict) => conflict.column('request_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) {
        const made = await repo.findExpenseByKey(trx, body.key);
        if (!made) throw new Error(`expense with key ${body.key} neither inserted nor found`);
        return adminExpenseOf(made);
      }
      const row = await repo.findExpense(trx, id);
      if (!row) throw new Error(`expense ${id} vanished`);
      const after = expenseOf(row);
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'expense.create',
        target: `expense:${id}`,
        summary: summaryOf(after),
        details: { before: null, after },
        now,
      });
      return adminExpenseOf(row);
    });
  }

  /**
   * A change of the version the admin saw. The same change again changes nothing (and is not
   * logged twice); a change of a version someone else has since changed is refused.
   */
  async update(actor: Actor, id: string, body: ExpenseUpdate): Promise<AdminExpense> {
    this.guard(actor);
    const fields = expenseFieldsSchema.parse(body);
    this.checkDate(fields);
    const now = this.deps.clock.now();
    return this.deps.db.transaction().execute(async (trx) => {
      const row = await this.locked(trx, id);
      if (sameFields(row, fields)) return adminExpenseOf(row);
      if (Number(row.version) !== body.version) throw new AppError(409, OPENBOOK_MESSAGES.expenseChanged);
      const changed = await trx
        .updateTable('openbook_expenses')
        .set({ ...columnsOf(fields), version: body.version + 1, updated_at: now })
        .where('id', '=', id)
        .where('version', '=', body.version)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) throw new AppError(409, OPENBOOK_MESSAGES.expenseChanged);
      const updated = await repo.findExpense(trx, id);
      if (!updated) throw new Error(`expense ${id} vanished`);
      const before = expenseOf(row);
      const after = expenseOf(updated);
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'expense.update',
        target: `expense:${id}`,
        summary: `${summaryOf(before)} → ${summaryOf(after)}`,
        details: { before, after },
        now,
      });
      return adminExpenseOf(updated);
    });
  }

  /** Deletes the version the admin saw; a second delete finds nothing (404) and changes nothing. */
  async remove(actor: Actor, id: string, version: number): Promise<void> {
    this.guard(actor);
    const now = this.deps.clock.now();
    await this.deps.db.transaction().execute(async (trx) => {
      const row = await this.locked(trx, id);
      if (Number(row.version) !== version) throw new AppError(409, OPENBOOK_MESSAGES.expenseChanged);
      const deleted = await trx
        .deleteFrom('openbook_expenses')
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw new AppError(404, OPENBOOK_MESSAGES.expenseNotFound);
      const before = expenseOf(row);
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'expense.delete',
        target: `expense:${id}`,
        summary: summaryOf(before),
        details: { before, after: null },
        now,
      });
    });
  }

  /** The expense, its row held against a concurrent change until the transaction ends. */
  private async locked(trx: Transaction<Database>, id: string): Promise<repo.ExpenseRow> {
    const row = await repo.findExpense(trx, id, needsRowLocks(trx));
    if (!row) throw new AppError(404, OPENBOOK_MESSAGES.expenseNotFound);
    return row;
  }
}
