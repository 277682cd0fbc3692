import { createHash, timingSafeEqual } from 'node:crypto';

/** The provider's endpoints (liqpay.md). */
export const LIQPAY_CHECKOUT_URL = 'https://www.liqpay.ua/api/3/checkout';
export const LIQPAY_API_URL = 'https://www.liqpay.ua/api/request';

/** Parameters as they travel inside `data`: JSON values. */
export type LiqPayParams = Record<string, string | number>;

export interface SignedForm {
  data: string;
  signature: string;
}

/**
 * LiqPay API v3 signing: `data` is base64 of the JSON parameters, `signature` is base64 of the
 * raw SHA-1 of private_key + data + private_key. A callback is verified over the `data` string
 * exactly as received, in constant time, before anything in it is decoded or trusted.
 */
export class LiqPaySigner {
  constructor(
    readonly publicKey: string,
    private readonly privateKey: string,
  ) {}

  sign(data: string): string {
    return createHash('sha1')
      .update(this.privateKey + data + this.privateKey, 'utf8')
      .digest('base64');
  }

  /** `public_key` and `version` 3 are added to the parameters. */
  encode(params: LiqPayParams): SignedForm {
    const data = Buffer.from(JSON.stringify({ version: 3, public_key: this.publicKey, ...params }), 'utf8').toString(
      'base64',
    );
    return { data, signature: this.sign(data) };
  }

  verify(data: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(data), 'utf8');
    const given = Buffer.from(signature, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The parameters of verified data; null when it is not a JSON object. */
  static decode(data: string): Record<string, unknown> | null {
    try {
      const value: unknown = JSON.parse(Buffer.from(data, 'base64').toString('utf8'));
      return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
}

/** A server-to-server call (`/api/request`): the answer is plain JSON, not signed. */
export async function liqpayRequest(
  signer: LiqPaySigner,
  apiUrl: string,
  params: LiqPayParams,
  timeoutMs = 10_000,
): Promise<Record<string, unknown>> {
  const form = signer.encode(params);
  const response = await fetch(apiUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ data: form.data, signature: form.signature }).toString(),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`LiqPay answered ${response.status}`);
  const answer: unknown = await response.json();
  if (!answer || typeof answer !== 'object') throw new Error('LiqPay answered something other than JSON');
  return answer as Record<string, unknown>;
}

/** `YYYY-MM-DD HH:MM:SS` in UTC, as `subscribe_date_start` wants it. */
export function liqpayUtcDate(instant: number): string {
  return new Date(instant).toISOString().slice(0, 19).replace('T', ' ');
}
