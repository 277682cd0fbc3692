import {
  BASE_AMOUNT_SUPPORT,
  BASE_COURSE_TIME,
  type Indicators,
  levelSupport,
  supportTotalTime,
} from '@yedyni/contract';
import type { Clock } from '../../infra/clock.js';
import type { Db } from '../../infra/db/index.js';
import { AppError } from '../../infra/errors.js';

/** A successful payment (one-off or monthly charge) as the indicators count it. */
export interface SuccessfulPayment {
  amountUah: number;
  endDate: number;
}

/** DOMAIN.md «Support indicators»: past means older than one course cycle (28 days). */
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
    totalDonat,
    pastCount: past / BASE_AMOUNT_SUPPORT,
    currentCount: current / BASE_AMOUNT_SUPPORT,
    levelSupport: levelSupport(totalDonat, totalTime),
  };
}

export class PartnersService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async indicators(userId: string): Promise<Indicators> {
    const user = await this.deps.db
      .selectFrom('users')
      .select(['created_at', 'mark'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) throw new AppError(404, 'Користувача не знайдено');
    // Payments are recorded from the LiqPay integration on; until then nobody has any.
    const payments: SuccessfulPayment[] = [];
    return computeIndicators(user.created_at, user.mark, payments, this.deps.clock.now());
  }
}
