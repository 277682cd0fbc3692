import {
  ACCESS_MESSAGES,
  type AdminPayment,
  type AdminSubscription,
  kyivParts,
  kyivTime,
  MONTH_TOTALS_SHOWN,
  type MonthTotal,
  UNMATCHED_OUTCOMES,
  type UnmatchedCallback,
} from '@yedyni/contract';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import type { Clock } from '../../infra/clock.js';
import type { Db } from '../../infra/db/index.js';
import { containsPattern } from '../../infra/db/search.js';
import { AppError } from '../../infra/errors.js';
import type { Actor } from '../auth/index.js';
import { canReadPayments } from './policy.js';
import type { Range } from './repo.js';

interface Page {
  page: number;
  limit: number;
}

const uah = (kop: number) => Number(kop) / 100;
const pages = (count: number, limit: number) => Math.ceil(Number(count) / limit);

/** The largest CSV export, in rows: a year of a big wave's monthly charges fits many times over. */
const CSV_MAX_ROWS = 200_000;

const ACTION_NAMES: Record<string, string> = {
  pay: 'разовий',
  subscribe: 'перший щомісячний',
  regular: 'щомісячний',
};

/** Line breaks (CR, LF, NEL, U+2028/2029), tabs and every other control character. */
const CONTROLS = /[\p{Cc}\u2028\u2029]/gu;
/** What a spreadsheet would run as a formula, after leading spaces; full-width forms included. */
const FORMULA_START = /^\s*[=+\-@＝＋－＠]/u;

/**
 * A donor's comment or name must never become a formula on the accountant's machine, whatever
 * the database holds: a line break inside a cell starts a new line for many importers (and a
 * formula after it), so every control character becomes a space, and a cell that then starts
 * like a formula is prefixed with an apostrophe. Every cell is quoted too (see `csv`).
 */
/**
 * `2026-03-01 01:00:00`, the Kyiv wall clock: a spreadsheet reads it as a date and files a
 * payment at 01:00 Kyiv on the 1st under that month, as the console's month totals do (UTC put it
 * in the month before).
 */
function kyivCsvTime(instant: number): string {
  const p = kyivParts(instant);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
}

const inert = (text: string) => {
  const flat = text.replace(CONTROLS, ' ');
  return FORMULA_START.test(flat) ? `'${flat}` : flat;
};

/**
 * Money as the admins see it: every successful charge with its payer, totals per Kyiv month,
 * subscriptions, and the verified callbacks that moved nothing (kept for reconciliation).
 */
export class PaymentReports {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  private guard(actor: Actor): void {
    if (!canReadPayments(actor)) throw new AppError(403, ACCESS_MESSAGES.adminsOnly);
  }

  private charges(range: Range, q?: string) {
    let query = this.deps.db.selectFrom('payments as p').innerJoin('users as u', 'u.id', 'p.user_id');
    if (range.start !== undefined) query = query.where('p.end_date', '>=', range.start);
    if (range.end !== undefined) query = query.where('p.end_date', '<=', range.end);
    if (q) query = query.where(sql<boolean>`u.search like ${containsPattern(q)} escape '\\'`);
    return query;
  }

  private chargeRows(range: Range, q?: string) {
    return this.charges(range, q)
      .select([
        'p.id',
        'p.payment_id',
        'p.order_id',
        'p.action',
        'p.amount_kop',
        'p.end_date',
        'p.info',
        'p.card_mask',
        'p.reversed_at',
        'u.id as user_id',
        'u.first_name',
        'u.last_name',
        'u.email',
      ])
      .orderBy('p.end_date', 'desc')
      .orderBy('p.id', 'desc');
  }

  async payments(actor: Actor, query: Range & Page & { q?: string | undefined }) {
    this.guard(actor);
    const [rows, total] = await Promise.all([
      this.chargeRows(query, query.q)
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute(),
      this.charges(query, query.q)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    const payments: AdminPayment[] = rows.map((r) => ({
      _id: r.id,
      paymentId: r.payment_id,
      orderId: r.order_id,
      user: { _id: r.user_id, first_name: r.first_name, last_name: r.last_name, email: r.email },
      action: r.action,
      amount: uah(r.amount_kop),
      date: Number(r.end_date),
      info: r.info,
      cardMask: r.card_mask,
      reversedAt: r.reversed_at === null ? null : Number(r.reversed_at),
    }));
    return { payments, totalPages: pages(total.n, query.limit) };
  }

  /** The last Kyiv months, this one first: charges that stand, refunds, and distinct donors. */
  async months(actor: Actor): Promise<{ months: MonthTotal[] }> {
    this.guard(actor);
    const today = kyivParts(this.deps.clock.now());
    const months: MonthTotal[] = [];
    for (let back = 0; back < MONTH_TOTALS_SHOWN; back++) {
      const start = kyivTime(today.year, today.month - back, 1);
      const end = kyivTime(today.year, today.month - back + 1, 1) - 1;
      const row = await this.charges({ start, end })
        .select([
          sql<number>`count(case when p.reversed_at is null then 1 end)`.as('count'),
          sql<number>`coalesce(sum(case when p.reversed_at is null then p.amount_kop else 0 end), 0)`.as('kop'),
          sql<number>`coalesce(sum(case when p.reversed_at is not null then p.amount_kop else 0 end), 0)`.as(
            'refunded',
          ),
          sql<number>`count(distinct case when p.reversed_at is null then p.user_id end)`.as('donors'),
        ])
        .executeTakeFirstOrThrow();
      const parts = kyivParts(start);
      months.push({
        month: `${parts.year}-${String(parts.month).padStart(2, '0')}`,
        count: Number(row.count),
        amount: uah(row.kop),
        refunded: uah(row.refunded),
        donors: Number(row.donors),
      });
    }
    return { months };
  }

  /**
   * Every charge in the range for accounting: UTF-8 with a BOM, `;` between fields (Ukrainian
   * spreadsheets), times on the Kyiv clock, amounts with a decimal point for programs to read
   * (the one place our numbers keep the point; the header says so).
   */
  async csv(actor: Actor, range: Range): Promise<string> {
    this.guard(actor);
    const rows = await this.chargeRows(range).limit(CSV_MAX_ROWS).execute();
    const records = rows.map((r) => [
      kyivCsvTime(Number(r.end_date)),
      r.payment_id,
      r.order_id,
      ACTION_NAMES[r.action] ?? r.action,
      (Number(r.amount_kop) / 100).toFixed(2),
      'UAH',
      `${r.first_name} ${r.last_name}`,
      r.email,
      r.info,
      r.card_mask,
      r.reversed_at === null ? '' : kyivCsvTime(Number(r.reversed_at)),
    ]);
    const header = [
      'Дата (Київ)',
      'ID внеску',
      'Замовлення',
      'Вид',
      'Сума (десяткова крапка)',
      'Валюта',
      'Платник',
      'Email',
      'Коментар',
      'Картка',
      'Повернено (Київ)',
    ];
    // Every cell of every row goes through `inert` and is quoted, whatever column it is in.
    const cells = [header, ...records].map((record) => record.map(inert));
    return `\uFEFF${stringify(cells, { delimiter: ';', record_delimiter: '\r\n', quoted: true, quoted_empty: true })}`;
  }

  async subscriptions(actor: Actor, query: Page & { status?: 'subscribed' | 'paused' | 'unsubscribed' | undefined }) {
    this.guard(actor);
    const { db } = this.deps;
    const base = db
      .selectFrom('payment_orders as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .where('o.subscribe', '=', 1)
      .where('o.status', 'in', query.status ? [query.status] : ['subscribed', 'paused', 'unsubscribed']);
    const [rows, total] = await Promise.all([
      base
        .select([
          'o.order_id',
          'o.amount_kop',
          'o.status',
          'o.created_at',
          'o.subscribed_at',
          'o.unsubscribed_at',
          'u.id as user_id',
          'u.first_name',
          'u.last_name',
          'u.email',
        ])
        .orderBy('o.created_at', 'desc')
        .orderBy('o.order_id')
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const ids = rows.map((r) => r.order_id);
    const charges =
      ids.length === 0
        ? []
        : await db
            .selectFrom('payments')
            .select(['order_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.max('end_date').as('last')])
            .where('order_id', 'in', ids)
            .where('reversed_at', 'is', null)
            .groupBy('order_id')
            .execute();
    const byOrder = new Map(charges.map((c) => [c.order_id, c]));
    const subscriptions: AdminSubscription[] = rows.map((r) => {
      const made = byOrder.get(r.order_id);
      return {
        orderId: r.order_id,
        user: { _id: r.user_id, first_name: r.first_name, last_name: r.last_name, email: r.email },
        amount: uah(r.amount_kop),
        status: r.status,
        createdAt: Number(r.created_at),
        subscribedAt: r.subscribed_at === null ? null : Number(r.subscribed_at),
        unsubscribedAt: r.unsubscribed_at === null ? null : Number(r.unsubscribed_at),
        charges: Number(made?.n ?? 0),
        lastChargeAt: made?.last == null ? null : Number(made.last),
      };
    });
    return { subscriptions, totalPages: pages(total.n, query.limit) };
  }

  /** Verified callbacks that changed nothing: the provider's word, kept for reconciliation by hand. */
  async unmatched(actor: Actor, query: Page): Promise<{ callbacks: UnmatchedCallback[]; totalPages: number }> {
    this.guard(actor);
    const base = this.deps.db.selectFrom('payment_callbacks').where('outcome', 'in', [...UNMATCHED_OUTCOMES]);
    const [rows, total] = await Promise.all([
      base
        .selectAll()
        .orderBy('received_at', 'desc')
        .orderBy('id')
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      callbacks: rows.map((r) => ({
        _id: r.id,
        receivedAt: Number(r.received_at),
        orderId: r.order_id,
        paymentId: r.payment_id,
        action: r.action,
        status: r.status,
        outcome: r.outcome,
        data: decoded(r.data),
      })),
      totalPages: pages(total.n, query.limit),
    };
  }
}

/** The callback's `data` as the JSON the provider signed (it is base64 on the wire). */
function decoded(data: string): string {
  const text = Buffer.from(data, 'base64').toString('utf8');
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
