import { DONATION_DESCRIPTION, formatUah, kyivTime, RECEIPT_MESSAGES } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountInWords } from '../src/features/payments/amount-words.js';
import { startTestApp, type TestApp, until } from './support/app.js';
import { DAY, signIn, signUp, staff } from './support/courses.js';
import { donateAndPay, postForm, providerCallback } from './support/liqpay.js';
import { pdfText as pdfTextOf } from './support/pdf.js';
import { type ReceivedMail, startSmtp } from './support/smtp.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const ORGANISATION = { ORG_NAME: 'Громадська організація «Тестові Єдині»', ORG_CODE: '12345678' };

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, ...ORGANISATION });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Person = Awaited<ReturnType<typeof signUp>>;
const nameOf = (p: Person) => `${p.person.first_name} ${p.person.last_name}`;
const setClock = (instant: number) => t.clock.advance(instant - t.clock.now());

/**
 * Everything a PDF shows, every run of white space one space: wrapped text
 * reads as one phrase, and the no-break spaces of «1 200,00 ₴» compare as spaces.
 */
const spaced = (text: string) => text.replace(/\s+/g, ' ');
async function textOf(pdf: Buffer): Promise<string> {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return spaced(await pdfTextOf(pdf));
}
const pdfText = async (answer: Response) => textOf(Buffer.from(await answer.arrayBuffer()));

const get = (path: string, token?: string) =>
  fetch(`${t.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

/** My history, every page, within a range: what the screen «Внески» lists. */
async function history(token: string, range: { start: number; end: number }) {
  const all: { _id: string; amount: number; date: number; action: string }[] = [];
  for (let page = 1; ; page++) {
    const { body } = await t.api(
      'GET',
      `/api/payments/donats?start=${range.start}&end=${range.end}&page=${page}&limit=50`,
      {
        token,
      },
    );
    all.push(...body.donats);
    if (page >= body.totalPages) return all;
  }
}
const EVER = { start: 0, end: kyivTime(2100, 1, 1) };

/** A monthly subscription of `amount` UAH through the sandbox's checkout (subscribed + first charge). */
async function subscribe(token: string, amount: number): Promise<string> {
  const { body: checkout } = await t.api('POST', '/api/payments/donat', {
    token,
    body: { amount, subscribe: true, offerAccepted: true },
  });
  expect((await postForm(t, '/sandbox/liqpay/checkout/complete', { ...checkout, choice: 'pay' })).status).toBe(303);
  return checkout.orderId;
}

/** The provider's refund of a one-off gift made by `donateAndPay` (its payment id is `paid-<order>`). */
const refund = (orderId: string, amount: number) =>
  providerCallback(t, {
    action: 'refund',
    status: 'reversed',
    order_id: orderId,
    payment_id: `paid-${orderId}`,
    amount,
    currency: 'UAH',
    end_date: t.clock.now(),
  });

/** A new person whose address is confirmed (receipts wait for that), as its owner confirms it: by the mailed link. */
async function confirmedPayer(): Promise<Person> {
  const payer = await signUp(t);
  let check: ReceivedMail | undefined;
  await until(() => {
    check = smtp.mails.find((m) => m.to.includes(payer.person.email) && m.text.includes('/confirm-email/'));
    return check !== undefined;
  }, 10_000);
  const token = check?.text.match(/\/confirm-email\/([A-Za-z0-9_-]+)/)?.[1];
  expect((await t.api('POST', '/api/account/email/confirm', { body: { token } })).status).toBe(200);
  return payer;
}

describe('a payment receipt', () => {
  it('is a PDF with the organisation, the payer, the Kyiv time, the amount in digits and words, and the ids', async () => {
    setClock(kyivTime(2026, 3, 3, 14, 5));
    const payer = await signUp(t);
    const orderId = await donateAndPay(t, payer.token, 240);
    const [payment] = await history(payer.token, EVER);
    const answer = await get(`/api/payments/donats/${payment?._id}/receipt`, payer.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="receipt-paid-${orderId}.pdf"`);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const text = await pdfText(answer);
    for (const shown of [
      'КВИТАНЦІЯ',
      ORGANISATION.ORG_NAME,
      ORGANISATION.ORG_CODE,
      nameOf(payer),
      '14:05, 3 березня 2026 (за київським часом)',
      'Разовий',
      DONATION_DESCRIPTION,
      formatUah(240),
      'двісті сорок гривень 00 копійок',
      orderId,
      `paid-${orderId}`,
    ]) {
      expect(text).toContain(spaced(shown));
    }
    // The same payment gives the same file (its date is the charge's, not the download's).
    t.clock.advance(DAY);
    const again = Buffer.from(
      await (await get(`/api/payments/donats/${payment?._id}/receipt`, payer.token)).arrayBuffer(),
    );
    const first = Buffer.from(
      await (await get(`/api/payments/donats/${payment?._id}/receipt`, payer.token)).arrayBuffer(),
    );
    expect(again.equals(first)).toBe(true);
  });

  it('is only its payer’s: anyone else, an admin too, gets 404 as for an unknown id; without sign-in 401', async () => {
    const payer = await signUp(t);
    await donateAndPay(t, payer.token, 40);
    const [payment] = await history(payer.token, EVER);
    const path = `/api/payments/donats/${payment?._id}/receipt`;
    const other = await signUp(t);
    await donateAndPay(t, other.token, 80);
    for (const token of [other.token, await staff(t, 'admin')]) {
      const refused = await t.api('GET', path, { token });
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe(RECEIPT_MESSAGES.paymentNotFound);
    }
    expect((await t.api('GET', '/api/payments/donats/no-such-payment/receipt', { token: payer.token })).status).toBe(
      404,
    );
    expect((await t.api('GET', path)).status).toBe(401);
    expect((await get(path, payer.token)).status).toBe(200);
  });

  it('of a refunded payment is gone (410): the money went back, and the history no longer lists it', async () => {
    const payer = await signUp(t);
    const orderId = await donateAndPay(t, payer.token, 120);
    const [payment] = await history(payer.token, EVER);
    const path = `/api/payments/donats/${payment?._id}/receipt`;
    expect((await get(path, payer.token)).status).toBe(200);
    await refund(orderId, 120);
    const gone = await t.api('GET', path, { token: payer.token });
    expect(gone.status).toBe(410);
    expect(gone.body.message).toBe(RECEIPT_MESSAGES.refunded);
    expect(await history(payer.token, EVER)).toEqual([]);
  });

  it('comes with the monthly charge’s mail, as a PDF attachment made when the mail is sent', async () => {
    setClock(kyivTime(2026, 4, 10, 12));
    const payer = await confirmedPayer();
    const orderId = await subscribe(payer.token, 480);
    const receiptMail = () =>
      smtp.mails.find((m) => m.to.includes(payer.person.email) && m.text.includes('Ми отримали ваш щомісячний внесок'));
    await until(() => receiptMail() !== undefined, 10_000);
    const mail = receiptMail();
    expect(mail?.text).toContain('Квитанція про внесок — у вкладенні (PDF)');
    const payment = await t.app.services.db
      .selectFrom('payments')
      .select('payment_id')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    const attachment = attachmentOf(mail?.raw ?? '', 'application/pdf');
    expect(attachment.head).toMatch(/content-disposition: attachment; filename=receipt-[A-Za-z0-9_-]+\.pdf/i);
    expect(attachment.head).toContain(`receipt-${payment.payment_id}.pdf`);
    const text = await textOf(attachment.bytes);
    for (const shown of [
      nameOf(payer),
      ORGANISATION.ORG_CODE,
      'Щомісячний (підписка)',
      'чотириста вісімдесят гривень 00 копійок',
      '12:00, 10 квітня 2026 (за київським часом)',
      orderId,
      payment.payment_id,
    ]) {
      expect(text).toContain(shown);
    }
  });

  it('comes with a one-off gift’s mail too', async () => {
    setClock(kyivTime(2026, 4, 11, 9, 30));
    const payer = await confirmedPayer();
    const orderId = await donateAndPay(t, payer.token, 240);
    const thanks = () =>
      smtp.mails.find((m) => m.to.includes(payer.person.email) && m.text.includes('Ми отримали ваш внесок'));
    await until(() => thanks() !== undefined, 10_000);
    expect(thanks()?.text).toContain(`Ми отримали ваш внесок: ${formatUah(240)}`);
    const attachment = attachmentOf(thanks()?.raw ?? '', 'application/pdf');
    expect(attachment.head).toContain(`receipt-paid-${orderId}.pdf`);
    const text = await textOf(attachment.bytes);
    expect(text).toContain('двісті сорок гривень 00 копійок');
    expect(text).toContain('Разовий');
  });
});

/** A part of a raw multipart mail by its content type: its headers and its base64 body decoded. */
function attachmentOf(raw: string, type: string): { head: string; bytes: Buffer } {
  for (const section of raw.split(/\r?\n--[^\r\n]+/)) {
    const [head = '', ...body] = section.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    if (!head.toLowerCase().includes(`content-type: ${type}`)) continue;
    expect(head.toLowerCase()).toContain('content-transfer-encoding: base64');
    return { head: head.replace(/\r?\n[ \t]+/g, ' '), bytes: Buffer.from(body.join(''), 'base64') };
  }
  throw new Error(`no ${type} part in the mail`);
}

describe('«Довідка за рік»', () => {
  it('counts a gift by the Kyiv calendar: 23:30 UTC on 31 December is already the next year', async () => {
    const payer = await signUp(t);
    setClock(Date.UTC(2025, 11, 31, 21, 59)); // 23:59 in Kyiv, still 2025
    await donateAndPay(t, payer.token, 40);
    setClock(Date.UTC(2025, 11, 31, 23, 30)); // 01:30 on 1 January 2026 in Kyiv
    await donateAndPay(t, payer.token, 120);
    setClock(kyivTime(2026, 2, 1, 10));

    const { body } = await t.api('GET', '/api/payments/statements', { token: payer.token });
    expect(body).toEqual({
      years: [
        { year: 2026, complete: false, count: 1, total: 120 },
        { year: 2025, complete: true, count: 1, total: 40 },
      ],
    });
    const last = await pdfText(await get('/api/payments/statements/2025', payer.token));
    expect(last).toContain('за 2025 рік');
    expect(last).toContain('31-12-2025 23:59');
    expect(last).not.toContain('01-01-2026');
    expect(last).toContain('1 січня — 31 грудня 2025 (за київським часом)');
    expect(last).toContain('сорок гривень 00 копійок');
    const current = await pdfText(await get('/api/payments/statements/2026', payer.token));
    expect(current).toContain('01-01-2026 01:30');
    expect(current).not.toContain('31-12-2025');
    // The current year is offered as of today, and says so.
    expect(current).toContain('1 січня 2026 — 1 лютого 2026: рік ще триває, довідка станом на цей день');
  });

  it('totals exactly what the history lists for that year; refunds and other people’s gifts are left out', async () => {
    setClock(kyivTime(2027, 1, 5, 9));
    const payer = await signUp(t);
    const someoneElse = await signUp(t);
    const orderId = await subscribe(payer.token, 480);
    for (let month = 0; month < 11; month++) {
      t.clock.advance(31 * DAY);
      await t.app.services.sandbox?.chargeNext(orderId);
    }
    // Months later: signed in afresh (sessions end after 14 idle days).
    const token = await signIn(t, payer.person.email, payer.person.password);
    await donateAndPay(t, token, 1000);
    const refunded = await donateAndPay(t, token, 2000);
    await refund(refunded, 2000);
    await donateAndPay(t, await signIn(t, someoneElse.person.email, someoneElse.person.password), 5000);
    // The year over (its first second in Kyiv), the statement is complete.
    setClock(kyivTime(2028, 1, 1, 0, 0, 1));
    const token2028 = await signIn(t, payer.person.email, payer.person.password);

    const year = { start: kyivTime(2027, 1, 1), end: kyivTime(2028, 1, 1) - 1 };
    const listed = await history(token2028, year);
    const historyKop = listed.reduce((sum, p) => sum + Math.round(p.amount * 100), 0);
    expect(listed).toHaveLength(13);
    const { body } = await t.api('GET', '/api/payments/statements', { token: token2028 });
    const statement = body.years.find((y: { year: number }) => y.year === 2027);
    expect(statement).toEqual({ year: 2027, complete: true, count: 13, total: historyKop / 100 });
    expect(historyKop).toBe(12 * 48_000 + 100_000);
    const text = await pdfText(await get('/api/payments/statements/2027', token2028));
    expect(text).toContain('1 січня — 31 грудня 2027');
    expect(text).toContain(spaced(formatUah(historyKop / 100)));
    expect(text).toContain(amountInWords(historyKop));
    expect(text).toContain('Кількість внесків 13 внесків');
    expect(text).not.toContain(spaced(formatUah(2000)));
    expect(text).not.toContain(spaced(formatUah(5000)));
    expect(text).toContain(ORGANISATION.ORG_NAME);
    expect(text).toContain(nameOf(payer));
  });

  it('has nothing for a year without my gifts, nor for one to come; a year that is no year is refused', async () => {
    setClock(kyivTime(2028, 3, 1, 12));
    const giver = await signUp(t);
    await donateAndPay(t, giver.token, 40);
    const other = await signUp(t);
    for (const [token, year] of [
      [other.token, 2028],
      [giver.token, 2027],
      [giver.token, 2029],
    ] as const) {
      const none = await t.api('GET', `/api/payments/statements/${year}`, { token });
      expect(none.status).toBe(404);
      expect(none.body.message).toBe(RECEIPT_MESSAGES.noGifts);
    }
    expect((await t.api('GET', '/api/payments/statements', { token: other.token })).body).toEqual({ years: [] });
    const bad = await t.api('GET', '/api/payments/statements/рік', { token: giver.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Рік');
    expect((await t.api('GET', '/api/payments/statements/2028')).status).toBe(401);
  });
});
