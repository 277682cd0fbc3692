import {
  BASE_AMOUNT_SUPPORT,
  BASE_COURSE_TIME,
  GRATITUDE_TIERS,
  type Gratitudes,
  type Indicators,
  kyivDaysBetween,
  supportLevel,
  supportTotalTime,
  type Team,
} from '@yedyni/contract';
import type { Clock } from '../../infra/clock.js';
import type { Db } from '../../infra/db/index.js';
import { ROOT_USER_ID } from '../../infra/db/root-account.js';
import { AppError } from '../../infra/errors.js';

const NOT_IN_TEAM = 'Такого учасника немає у вашій команді';

/** A successful payment (one-off or monthly charge) as the indicators count it. */
export interface SuccessfulPayment {
  amountUah: number;
  endDate: number;
}

/** What support asks of the payments (services.ts hands it PaymentsService): payments own that table. */
export interface SupportPayments {
  successfulPayments(userId: string): Promise<SuccessfulPayment[]>;
  donatedByUser(userIds: string[]): Promise<Map<string, number>>;
  gratitudeTotals(userId: string): Promise<{ monthlyUah: number; largestOnceUah: number }>;
}

/** docs/domain.md «Support level and indicators»: past means older than one course cycle (28 days). */
export function computeIndicators(
  registeredAt: number,
  ukrainianMark: number,
  payments: SuccessfulPayment[],
  now: number,
): Indicators {
  const totalTime = supportTotalTime(registeredAt, now);
  const cycleStart = now - BASE_COURSE_TIME * 1000;
  let past = 0;
  let current = 0;
  for (const payment of payments) {
    if (payment.endDate < cycleStart) past += payment.amountUah;
    else current += payment.amountUah;
  }
  const totalDonat = past + current;
  return {
    ukrainianMark,
    totalTime,
    daysInMovement: Math.max(0, kyivDaysBetween(registeredAt, now)),
    totalDonat,
    pastCount: past / BASE_AMOUNT_SUPPORT,
    currentCount: current / BASE_AMOUNT_SUPPORT,
    levelSupport: supportLevel(totalDonat, totalTime),
  };
}

export class SupportService {
  constructor(private readonly deps: { db: Db; clock: Clock; payments: SupportPayments }) {}

  async indicators(userId: string): Promise<Indicators> {
    const { db, clock } = this.deps;
    const user = await db
      .selectFrom('users')
      .select(['created_at', 'mark'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) throw new AppError(404, 'Користувача не знайдено');
    const payments = await this.deps.payments.successfulPayments(userId);
    return computeIndicators(user.created_at, user.mark, payments, clock.now());
  }

  /** The support level of each of these people now (docs/domain.md «Support level and indicators»), by their id. */
  async supportLevels(userIds: string[], now = this.deps.clock.now()): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const { db } = this.deps;
    const [users, donated] = await Promise.all([
      db.selectFrom('users').select(['id', 'created_at']).where('id', 'in', userIds).execute(),
      this.deps.payments.donatedByUser(userIds),
    ]);
    return new Map(users.map((u) => [u.id, supportLevel(donated.get(u.id) ?? 0, supportTotalTime(u.created_at, now))]));
  }

  /** Me and the people I invited, each with the size of their own team. */
  async team(userId: string): Promise<Team> {
    return this.teamOf(userId);
  }

  /** A member of my team at any depth, with their team; 404 for anyone else, whatever the id. */
  async member(userId: string, memberId: string): Promise<Team> {
    if (memberId !== userId && !(await this.isInTeam(userId, memberId))) throw new AppError(404, NOT_IN_TEAM);
    return this.teamOf(memberId);
  }

  /** The tiers and whether my support reached them (docs/domain.md «Gratitudes»). */
  async gratitudes(userId: string): Promise<Gratitudes> {
    const { monthlyUah, largestOnceUah } = await this.deps.payments.gratitudeTotals(userId);
    const totals = { subscribe: monthlyUah, once: largestOnceUah };
    return {
      tiers: GRATITUDE_TIERS.map((tier) => ({ ...tier, reached: totals[tier.type] >= tier.from })),
      totals,
    };
  }

  private async teamOf(userId: string): Promise<Team> {
    const { db } = this.deps;
    const partner = await db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!partner) throw new AppError(404, NOT_IN_TEAM);
    const members = await db
      .selectFrom('users as u')
      .select((eb) => [
        'u.id',
        'u.first_name',
        'u.last_name',
        'u.created_at',
        eb
          .selectFrom('users as t')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('t.inviter_id', '=', 'u.id')
          .as('team_size'),
      ])
      .where('u.inviter_id', '=', userId)
      .orderBy('u.created_at')
      .orderBy('u.id')
      .execute();
    return {
      partner: { _id: partner.id, first_name: partner.first_name, last_name: partner.last_name },
      team: members.map((m) => ({
        _id: m.id,
        first_name: m.first_name,
        last_name: m.last_name,
        createdAt: m.created_at,
        teamSize: Number(m.team_size ?? 0),
      })),
    };
  }

  /** The people I invited (my team's first line): the daily habit's team streak is theirs and mine. */
  /** The people I invited, as a subquery of their ids: others read them in their own query (the habit's team days). */
  inviteesQuery(userId: string) {
    return this.deps.db.selectFrom('users').select('id').where('inviter_id', '=', userId);
  }

  /** Walks up the member's inviters: true when the chain reaches me before the root. */
  private async isInTeam(userId: string, memberId: string): Promise<boolean> {
    const seen = new Set<string>();
    let current: string | null = memberId;
    while (current && current !== ROOT_USER_ID && !seen.has(current)) {
      seen.add(current);
      const row: { inviter_id: string | null } | undefined = await this.deps.db
        .selectFrom('users')
        .select('inviter_id')
        .where('id', '=', current)
        .executeTakeFirst();
      if (!row) return false;
      if (row.inviter_id === userId) return true;
      current = row.inviter_id;
    }
    return false;
  }
}
