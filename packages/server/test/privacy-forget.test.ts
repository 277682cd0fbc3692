import { DELETED_USER_FIRST_NAME, DELETED_USER_LAST_NAME } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { DAY, importFixtures, signUp } from './support/courses.js';
import { PDF, PNG, storedFiles } from './support/files.js';
import { providerCallback } from './support/liqpay.js';
import { startPushService, type TestPushService } from './support/push.js';

/*
 * An account's deletion has each owning feature forget its part of the person (docs/domain.md
 * «My data»). privacy.test.ts follows what a person sees; this checks, table by table, the parts
 * only the owning features hold, so a feature left out of the deletion's transaction shows here.
 */
let t: TestApp;
let push: TestPushService;
let alpha: string;

beforeAll(async () => {
  t = await startTestApp();
  push = await startPushService();
  ({ alpha } = await importFixtures(t));
});
afterAll(async () => {
  await push.close();
  await t.close();
});

describe('an account’s deletion, feature by feature', () => {
  it('forgets notifications, preferences, push browsers, reset links, the donor’s words, my files and renames certificates', async () => {
    const me = await signUp(t);
    const { token } = me;
    const id = me.user._id;
    const { db } = t.app.services;

    const preferences = (await t.api('GET', '/api/notifications/preferences', { token })).body;
    expect((await t.api('PUT', '/api/notifications/preferences', { token, body: preferences })).status).toBe(200);
    const browser = push.browser();
    expect(
      (await t.api('POST', '/api/notifications/push/subscriptions', { token, body: browser.subscription })).status,
    ).toBe(201);
    const homework = await t.form('POST', '/api/exercises', {
      token,
      fields: { courseId: alpha, lessonId: '1', homework: 'Моя домашка' },
      file: { bytes: PDF, name: 'відповідь.pdf', type: 'application/pdf' },
    });
    expect(homework.status).toBe(201);
    const comment = await t.form('POST', '/api/exercises/comment', {
      token,
      fields: { exerciseId: homework.body._id, comment: 'Мій коментар' },
      file: { bytes: PNG, name: 'фото.png', type: 'image/png' },
    });
    expect(comment.status).toBe(201);
    const order = await t.api('POST', '/api/payments/donat', {
      token,
      body: { amount: 120, subscribe: false, offerAccepted: true, comment: 'Від мене особисто' },
    });
    expect(order.status).toBe(200);
    await providerCallback(t, {
      action: 'pay',
      status: 'success',
      order_id: order.body.orderId,
      payment_id: `paid-${order.body.orderId}`,
      amount: 120,
      currency: 'UAH',
      end_date: t.clock.now(),
    });
    // Issued certificates come from the end-of-wave sweep; one row stands for them here.
    await db
      .insertInto('certificates')
      .values({
        id: 'FORGET0001',
        user_id: id,
        course_id: alpha,
        wave: '1',
        name: `${me.person.first_name} ${me.person.last_name}`,
        course_title: 'Альфа',
        issued_at: t.clock.now(),
        revoked_at: null,
        revoked_reason: null,
        told_at: t.clock.now(),
      })
      .execute();

    const fileKeys = (await db.selectFrom('files').select('storage_key').where('owner_id', '=', id).execute()).map(
      (f) => f.storage_key,
    );
    expect(fileKeys).toHaveLength(2);
    const rowsOf = async () => ({
      notifications: (await db.selectFrom('notifications').select('id').where('user_id', '=', id).execute()).length,
      preferences: (
        await db.selectFrom('notification_preferences').select('user_id').where('user_id', '=', id).execute()
      ).length,
      push: (await db.selectFrom('push_subscriptions').select('id').where('user_id', '=', id).execute()).length,
      resets: (await db.selectFrom('password_resets').select('user_id').where('user_id', '=', id).execute()).length,
      files: (await db.selectFrom('files').select('id').where('owner_id', '=', id).execute()).length,
    });

    expect(
      (
        await t.api('POST', '/api/privacy/deletion', {
          token,
          body: { password: me.person.password, confirmation: 'ВИДАЛИТИ' },
        })
      ).status,
    ).toBe(200);
    // A reset link asked for in the grace period, and not used (using it would cancel the deletion).
    await t.api('POST', '/api/auth/recovery', { body: { email: me.person.email } });
    await t.app.services.auth.settle();
    const before = await rowsOf();
    expect(before.notifications).toBeGreaterThan(0);
    expect(before).toMatchObject({ preferences: 1, push: 1, files: 2 });
    expect(before.resets).toBeGreaterThan(0);

    t.clock.advance(14 * DAY + 60_000);
    expect((await t.app.services.privacy.tick()).deleted).toBe(1);

    expect(await rowsOf()).toEqual({ notifications: 0, preferences: 0, push: 0, resets: 0, files: 0 });
    expect((await storedFiles(t.dataDir)).filter((k) => fileKeys.includes(k))).toHaveLength(0);
    const texts = await db
      .selectFrom('exercise_comments')
      .select(['comment', 'file_id'])
      .where('author_id', '=', id)
      .execute();
    expect(texts).toEqual([{ comment: 'Мій коментар', file_id: null }]);
    const orders = await db
      .selectFrom('payment_orders')
      .select(['info', 'amount_kop'])
      .where('user_id', '=', id)
      .execute();
    expect(orders).toEqual([{ info: '', amount_kop: 12_000 }]);
    const charges = await db.selectFrom('payments').select(['info', 'amount_kop']).where('user_id', '=', id).execute();
    expect(charges).toEqual([{ info: '', amount_kop: 12_000 }]);
    const certificate = await db
      .selectFrom('certificates')
      .select(['name', 'course_title'])
      .where('id', '=', 'FORGET0001')
      .executeTakeFirstOrThrow();
    expect(certificate).toEqual({
      name: `${DELETED_USER_FIRST_NAME} ${DELETED_USER_LAST_NAME}`,
      course_title: 'Альфа',
    });
  });
});
