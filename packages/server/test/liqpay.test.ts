import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { LiqPaySigner, liqpayUtcDate } from '../src/infra/liqpay/index.js';

// liqpay.md, «Worked vectors»: private key example_private_key_123.
const signer = new LiqPaySigner('i00000000', 'example_private_key_123');
const base64 = (json: string) => Buffer.from(json, 'utf8').toString('base64');

const VECTORS: [string, string][] = [
  [
    '{"version":3,"public_key":"i00000000","action":"subscribe","amount":199.5,"currency":"UAH","description":"Monthly plan","order_id":"sub-42","subscribe":"1","subscribe_date_start":"2025-01-01 00:00:00","subscribe_periodicity":"month","result_url":"https://example.com/billing/return","server_url":"https://example.com/api/liqpay/callback","language":"uk","sandbox":"1"}',
    'EG+GcCDukQtpz2LpDE8ySZTGPts=',
  ],
  [
    '{"version":3,"public_key":"i00000000","action":"pay","amount":100,"currency":"UAH","description":"Order 1001","order_id":"order-1001","result_url":"https://example.com/return","server_url":"https://example.com/api/liqpay/callback","language":"uk","customer":"user-7","info":"plan=basic"}',
    'VdalLt22uWCWSqkhuROdDPud+AI=',
  ],
  ['{"version":3,"public_key":"i00000000","action":"unsubscribe","order_id":"sub-42"}', 'f9zaBXuYOCeXG3TI6xvJInnAXtA='],
  [
    '{"version":3,"public_key":"i00000000","action":"subscribe_update","order_id":"sub-42","amount":240,"currency":"UAH","description":"Monthly plan"}',
    'AL4IPRgh+lW8ldhLzkDlglzrVnc=',
  ],
  [
    '{"version":3,"public_key":"i00000000","action":"pay","amount":1,"currency":"UAH","description":"Підписка","order_id":"o-1"}',
    '5EfqvRCQSUweLiKPfTToyD3QGgU=',
  ],
];

/** The independent implementation liqpay.md names: openssl over the same bytes. */
function openssl(privateKey: string, data: string): string {
  const digest = execFileSync('openssl', ['dgst', '-binary', '-sha1'], { input: privateKey + data + privateKey });
  return digest.toString('base64');
}

describe('LiqPay signing', () => {
  it.each(VECTORS)('matches the worked vector %#', (json, signature) => {
    expect(signer.sign(base64(json))).toBe(signature);
    expect(signer.verify(base64(json), signature)).toBe(true);
  });

  it('builds the unsubscribe request byte for byte as liqpay.md shows it', () => {
    expect(signer.encode({ action: 'unsubscribe', order_id: 'sub-42' })).toEqual({
      data: 'eyJ2ZXJzaW9uIjozLCJwdWJsaWNfa2V5IjoiaTAwMDAwMDAwIiwiYWN0aW9uIjoidW5zdWJzY3JpYmUiLCJvcmRlcl9pZCI6InN1Yi00MiJ9',
      signature: 'f9zaBXuYOCeXG3TI6xvJInnAXtA=',
    });
  });

  it('builds the subscription update byte for byte as docs/domain.md shows it (the order subscription-changes.ts sends)', () => {
    const form = signer.encode({
      action: 'subscribe_update',
      order_id: 'sub-42',
      amount: 240,
      currency: 'UAH',
      description: 'Monthly plan',
    });
    expect(form).toEqual({
      data: 'eyJ2ZXJzaW9uIjozLCJwdWJsaWNfa2V5IjoiaTAwMDAwMDAwIiwiYWN0aW9uIjoic3Vic2NyaWJlX3VwZGF0ZSIsIm9yZGVyX2lkIjoic3ViLTQyIiwiYW1vdW50IjoyNDAsImN1cnJlbmN5IjoiVUFIIiwiZGVzY3JpcHRpb24iOiJNb250aGx5IHBsYW4ifQ==',
      signature: 'AL4IPRgh+lW8ldhLzkDlglzrVnc=',
    });
    expect(form.signature).toBe(openssl('example_private_key_123', form.data));
  });

  it('agrees with openssl on many different forms, Ukrainian text and + / = included', () => {
    for (let i = 0; i < 25; i++) {
      const form = signer.encode({
        action: i % 2 ? 'pay' : 'subscribe',
        amount: 40 * (i + 1),
        description: `Безповоротна благодійна допомога №${i} ${'ї'.repeat(i)}`,
        order_id: `don-${i}-${Math.random().toString(36).slice(2)}`,
        info: '?&=+/'.repeat(i % 4),
      });
      expect(form.data).not.toMatch(/\s/);
      expect(form.signature).toHaveLength(28);
      expect(form.signature).toBe(openssl('example_private_key_123', form.data));
    }
  });

  it('refuses any change to the data or the signature, and another key', () => {
    const [json = '', signature = ''] = VECTORS[1] ?? [];
    const data = base64(json);
    expect(signer.verify(`${data.slice(0, -2)}fQ==`, signature)).toBe(false);
    expect(signer.verify(data, (signature.startsWith('A') ? 'B' : 'A') + signature.slice(1))).toBe(false);
    expect(signer.verify(data, '')).toBe(false);
    expect(signer.verify(data, 'x'.repeat(44))).toBe(false);
    expect(new LiqPaySigner('i00000000', 'another_key').verify(data, signature)).toBe(false);
  });

  it('decodes only JSON objects', () => {
    expect(LiqPaySigner.decode(base64('{"a":1}'))).toEqual({ a: 1 });
    expect(LiqPaySigner.decode(base64('[1,2]'))).toBeNull();
    expect(LiqPaySigner.decode(base64('не json'))).toBeNull();
  });

  it('writes subscribe_date_start in UTC', () => {
    expect(liqpayUtcDate(Date.UTC(2026, 2, 29, 1, 2, 3))).toBe('2026-03-29 01:02:03');
  });
});
