import { z } from 'zod';
import { multiLine, requiredText, singleLine } from './common.js';
import { formatNumber } from './numbers.js';

// «Відкритий звіт» (`openbook`, docs/domain.md «Open book»): the movement's money per Kyiv month,
// in the open. Income is computed from the payments ledger, expenses are what admins enter.

/**
 * Fewer donors than this in a month and its income is not shown (nor the balance, nor a donor's
 * share): with two donors each could subtract their own gift from the total and read the other's.
 * The same holds for the split into one-off and monthly gifts, kind by kind.
 */
export const OPENBOOK_MIN_DONORS = 3;
export const EXPENSE_TITLE_MAX = 120;
export const EXPENSE_NOTE_MAX = 500;
/** The largest single expense, in UAH: a typo of three extra zeros is refused, not published. */
export const EXPENSE_MAX_UAH = 10_000_000;
/** The earliest date an expense may carry. */
export const EXPENSE_FIRST_DATE = '2020-01-01';

/** What the money went to; the public page groups nothing by it, but names it on every line. */
export const EXPENSE_CATEGORIES = ['people', 'services', 'events', 'materials', 'fees', 'other'] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export const EXPENSE_CATEGORY_NAMES: Record<ExpenseCategory, string> = {
  people: 'Люди й винагороди',
  services: 'Сервери та сервіси',
  events: 'Заходи',
  materials: 'Матеріали й друк',
  fees: 'Банківські комісії',
  other: 'Інше',
};

/** `YYYY-MM`, a Kyiv calendar month. */
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const openbookMonthParamsSchema = z.object({
  month: z.string().regex(MONTH, 'Місяць: у вигляді РРРР-ММ, наприклад 2026-11'),
});

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date `YYYY-MM-DD` (not 2026-02-30). */
function isCalendarDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const amountMessage = `Сума: більше нуля, до ${formatNumber(EXPENSE_MAX_UAH)} ₴, не більше двох знаків після коми`;

/** The fields of an expense as an admin types them (the date's «not in the future» is the server's check). */
export const expenseFieldsSchema = z.object({
  amount: z
    .number({ error: amountMessage })
    .positive(amountMessage)
    .max(EXPENSE_MAX_UAH, amountMessage)
    // Whole kopiykas: 0.1 + 0.2 style floats are within a millionth of a kopiyka of one.
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, amountMessage),
  date: requiredText('Дата')
    .refine(isCalendarDate, 'Дата: справжня дата у вигляді РРРР-ММ-ДД')
    .refine((d) => d >= EXPENSE_FIRST_DATE, `Дата: не раніше ${EXPENSE_FIRST_DATE.slice(0, 4)} року`),
  category: z.enum(EXPENSE_CATEGORIES, { error: 'Категорія: оберіть зі списку' }),
  title: singleLine('Назва')
    .min(1, 'Назва: обовʼязкове поле')
    .max(EXPENSE_TITLE_MAX, `Назва: не більше ${EXPENSE_TITLE_MAX} символів`),
  note: multiLine('Примітка')
    .trim()
    .max(EXPENSE_NOTE_MAX, `Примітка: не більше ${EXPENSE_NOTE_MAX} символів`)
    .default(''),
});
export type ExpenseFields = z.input<typeof expenseFieldsSchema>;

/**
 * A new expense. `key` is made once per opened form: a repeated or doubled send of the same form
 * finds the expense it already made instead of making a second.
 */
export const expenseCreateSchema = expenseFieldsSchema
  .extend({
    key: z
      .string({ error: 'Ключ запиту: обовʼязкове поле' })
      .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Ключ запиту: від 8 до 64 латинських літер, цифр, «-» чи «_»'),
  })
  .meta({ id: 'ExpenseCreate' });
export type ExpenseCreate = z.input<typeof expenseCreateSchema>;

/** A change of an expense: `version` is the one the admin saw; someone else's change since is refused. */
export const expenseUpdateSchema = expenseFieldsSchema
  .extend({ version: z.number({ error: 'Версія: обовʼязкове поле' }).int().min(1) })
  .meta({ id: 'ExpenseUpdate' });
export type ExpenseUpdate = z.input<typeof expenseUpdateSchema>;

export const expenseDeleteQuerySchema = z.object({
  version: z.coerce.number({ error: 'Версія: обовʼязкове поле' }).int().min(1),
});

export const expenseSchema = z.object({
  _id: z.string(),
  date: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  title: z.string(),
  note: z.string(),
  amount: z.number(),
});
export type Expense = z.infer<typeof expenseSchema>;

/** Why the month's income is not shown: the month is still running, or it had too few donors. */
export const incomeWithheldSchema = z.enum(['running', 'fewDonors']).nullable();
export type IncomeWithheld = z.infer<typeof incomeWithheldSchema>;

export const openbookMonthSchema = z
  .object({
    month: z.string(),
    /** The months next to it that the page offers (null: before the first with data, or in the future). */
    previous: z.string().nullable(),
    next: z.string().nullable(),
    /** Anything at all this month: a gift, an expense, a learner, a review. */
    hasData: z.boolean(),
    income: z.object({
      withheld: incomeWithheldSchema,
      /** UAH; null when withheld. */
      total: z.number().nullable(),
      /** One-off gifts and monthly ones; null when withheld, or when a kind had too few donors. */
      donations: z.number().nullable(),
      subscriptions: z.number().nullable(),
      /** Distinct donors; null when fewer than OPENBOOK_MIN_DONORS (or withheld). */
      donors: z.number().int().nullable(),
    }),
    expenses: z.array(expenseSchema),
    expensesTotal: z.number(),
    /** Income − expenses; null when the income is withheld. */
    balance: z.number().nullable(),
    /** Distinct people who practised or opened a lesson on a Kyiv day of the month. */
    learners: z.number().int(),
    /** Curators' answers to waiting homework in the month. */
    reviews: z.number().int(),
  })
  .meta({ id: 'OpenbookMonth' });
export type OpenbookMonth = z.infer<typeof openbookMonthSchema>;

/** A signed-in donor's part of the month: their gifts, and what part of the income they are. */
export const openbookShareSchema = z
  .object({
    month: z.string(),
    /** The caller's successful, not refunded gifts of the month, UAH. */
    amount: z.number(),
    /** amount / the month's income (0–1); null when the income is withheld or the caller gave nothing. */
    share: z.number().nullable(),
    withheld: incomeWithheldSchema,
  })
  .meta({ id: 'OpenbookShare' });
export type OpenbookShare = z.infer<typeof openbookShareSchema>;

// ─── Console (`/api/admin/openbook/expenses`) ────────────────────────────────────────────────────

export const adminExpenseSchema = expenseSchema.extend({
  version: z.number().int(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type AdminExpense = z.infer<typeof adminExpenseSchema>;

export const adminExpensesQuerySchema = openbookMonthParamsSchema;
export const adminExpensesSchema = z
  .object({
    month: z.string(),
    expenses: z.array(adminExpenseSchema),
    total: z.number(),
    /** Today in Kyiv (`YYYY-MM-DD`): the latest date the form takes. */
    today: z.string(),
  })
  .meta({ id: 'AdminExpenses' });
export type AdminExpenses = z.infer<typeof adminExpensesSchema>;

export const OPENBOOK_MESSAGES = {
  futureMonth: 'Цей місяць ще не настав',
  futureDate: 'Дата: не пізніше сьогоднішньої (за Києвом)',
  expenseNotFound: 'Витрату не знайдено: можливо, її вже видалили',
  expenseChanged: 'Цю витрату щойно змінив інший адміністратор. Оновіть список і спробуйте ще раз.',
} as const;

/** `2026-11` → `2026-10` (or `2026-12` for +1). */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
