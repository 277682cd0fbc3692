import { MAX_DONATION_UAH } from '@yedyni/contract';

/** What a provider callback says, read defensively: every field may be missing or of a wrong type. */
export interface ProviderEvent {
  action: string;
  status: string;
  orderId: string;
  paymentId: string;
  /**
   * Kopiykas; null when the callback carries no usable amount: not a finite number, not positive,
   * or above the largest donation (a signed `1e308` once stored Infinity and broke five pages).
   */
  amountKop: number | null;
  currency: string;
  /** When the provider finished the operation (ms); falls back to the time received. */
  endDate: number;
  cardMask: string;
  description: string;
}

const text = (value: unknown, max = 255): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, max) : '';

function instant(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.round(n) : null;
}

function kopiykas(value: unknown): number | null {
  const uah = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof uah !== 'number' || !Number.isFinite(uah) || uah <= 0 || uah > MAX_DONATION_UAH) return null;
  return Math.round(uah * 100);
}

export function readProviderEvent(params: Record<string, unknown>, receivedAt: number): ProviderEvent {
  return {
    action: text(params.action, 32),
    status: text(params.status, 32),
    orderId: text(params.order_id),
    paymentId: text(params.payment_id, 64),
    amountKop: kopiykas(params.amount),
    currency: text(params.currency, 8),
    endDate: instant(params.end_date) ?? instant(params.create_date) ?? receivedAt,
    cardMask: text(params.sender_card_mask2, 32),
    description: text(params.description),
  };
}

/** Final success; `sandbox` is how older provider versions report a test payment. */
export function isSuccess(event: ProviderEvent, sandboxMode: boolean): boolean {
  return event.status === 'success' || (sandboxMode && event.status === 'sandbox');
}

export function isFailure(event: ProviderEvent): boolean {
  return event.status === 'failure' || event.status === 'error';
}
