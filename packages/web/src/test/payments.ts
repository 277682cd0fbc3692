import { addMonth, type Subscription } from '@yedyni/contract';

/**
 * A running monthly subscription as the list answers it, charged last at `paidAt`; a test states
 * only what its case is about (`objSub`: cancelled, paused, failing…).
 */
export function subscriptionFixture({
  orderId = 'sub-1',
  amount = 480,
  paidAt,
  description = 'Допомога',
  info = '',
  objSub = {},
}: {
  orderId?: string;
  amount?: number;
  paidAt: number;
  description?: string;
  info?: string;
  objSub?: Partial<Subscription['objSub']>;
}): Subscription {
  return {
    _id: orderId,
    data: { order_id: orderId, amount, end_date: paidAt, description, info },
    objSub: {
      lastPaymentDate: paidAt,
      nextPaymentDate: addMonth(paidAt),
      isUnsubscribe: false,
      status: 'active',
      pausedUntil: null,
      resumes: null,
      resumedAs: null,
      chargeFailedAt: null,
      restartable: false,
      ...objSub,
    },
  };
}
