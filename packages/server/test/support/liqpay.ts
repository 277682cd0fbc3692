import { LiqPaySigner } from '../../src/infra/liqpay/index.js';
import type { TestApp } from './app.js';

/** The provider as the tests play it: the sandbox keys test servers run with. */
export const provider = new LiqPaySigner('sandbox_public', 'sandbox_private');

/** A form POST as a browser or the provider sends it; redirects are not followed. */
export async function postForm(
  t: TestApp,
  path: string,
  form: { data: string; signature: string } | Record<string, string>,
) {
  const response = await fetch(t.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form as Record<string, string>).toString(),
    redirect: 'manual',
  });
  return { status: response.status, text: await response.text(), location: response.headers.get('location') };
}

/** A callback signed like LiqPay's, posted to the server's `server_url`. */
export function providerCallback(t: TestApp, params: Record<string, string | number>) {
  return postForm(t, '/api/payments/process', provider.encode(params));
}

/** A one-off donation of `amount` UAH by `token`, ordered and then paid through a success callback. */
export async function donateAndPay(t: TestApp, token: string, amount: number): Promise<string> {
  const { body } = await t.api('POST', '/api/payments/donat', {
    token,
    body: { amount, subscribe: false, offerAccepted: true },
  });
  await providerCallback(t, {
    action: 'pay',
    status: 'success',
    order_id: body.orderId,
    payment_id: `paid-${body.orderId}`,
    amount,
    currency: 'UAH',
    end_date: t.clock.now(),
  });
  return body.orderId as string;
}
