import { BASE_COURSE_TIME, kyivTime } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeIndicators } from '../src/features/support/service.js';
import { startTestApp, type TestApp } from './support/app.js';
import { DAY, kyivMidnight, signUp } from './support/courses.js';
import { donateAndPay } from './support/liqpay.js';

let t: TestApp;
const CYCLE_MS = BASE_COURSE_TIME * 1000;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('indicators (docs/domain.md)', () => {
  const now = Date.UTC(2026, 10, 21, 12);

  it('count a payment exactly 28 days old as current, one millisecond older as past', () => {
    const registered = now - 100 * DAY;
    const edge = computeIndicators(registered, 0, [{ amountUah: 120, endDate: now - CYCLE_MS }], now);
    expect(edge).toMatchObject({ currentCount: 3, pastCount: 0, totalDonat: 120 });
    const older = computeIndicators(registered, 0, [{ amountUah: 120, endDate: now - CYCLE_MS - 1 }], now);
    expect(older).toMatchObject({ currentCount: 0, pastCount: 3, totalDonat: 120 });
  });

  it('take totalTime as at least 28 days, in whole seconds, and the level unrounded', () => {
    const fresh = computeIndicators(now - DAY, 30, [{ amountUah: 480, endDate: now }], now);
    expect(fresh.totalTime).toBe(BASE_COURSE_TIME);
    expect(fresh.levelSupport).toBe(12);
    expect(fresh.ukrainianMark).toBe(30);
    const atEdge = computeIndicators(now - CYCLE_MS, 0, [], now);
    expect(atEdge.totalTime).toBe(BASE_COURSE_TIME);
    const later = computeIndicators(now - CYCLE_MS - 1500, 0, [{ amountUah: 40, endDate: now }], now);
    expect(later.totalTime).toBe(BASE_COURSE_TIME + 1);
    expect(later.levelSupport).toBe(BASE_COURSE_TIME / (BASE_COURSE_TIME + 1));
    const longTime = computeIndicators(now - 56 * DAY, 0, [{ amountUah: 120, endDate: now - 40 * DAY }], now);
    expect(longTime).toMatchObject({ pastCount: 3, currentCount: 0, levelSupport: 1.5 });
  });

  it('count «Ви в русі» in Kyiv calendar days since registration, not the 28-day minimum (issue 18, item 7)', () => {
    const lateEvening = kyivTime(2026, 11, 21, 23, 58);
    expect(computeIndicators(lateEvening, 0, [], lateEvening + 60_000)).toMatchObject({
      daysInMovement: 0,
      totalTime: BASE_COURSE_TIME,
    });
    // Two minutes later it is the next Kyiv day, 00:00 (and still the 22nd in UTC: Kyiv runs two hours ahead).
    expect(computeIndicators(lateEvening, 0, [], lateEvening + 120_000).daysInMovement).toBe(1);
    expect(computeIndicators(lateEvening, 0, [], kyivTime(2026, 12, 19, 0, 30)).daysInMovement).toBe(28);
  });

  it('say a new account is in the movement 0 days, and one day after the next Kyiv midnight', async () => {
    const { token } = await signUp(t);
    const today = (await t.api('GET', '/api/partners/indicators', { token })).body;
    expect(today).toMatchObject({ daysInMovement: 0, totalTime: BASE_COURSE_TIME });
    t.clock.advance(kyivMidnight(t, 1) - t.clock.now() + 60_000);
    expect((await t.api('GET', '/api/partners/indicators', { token })).body.daysInMovement).toBe(1);
  });

  it('are served from the payments of the caller only, and move with the clock', async () => {
    const { token } = await signUp(t);
    const other = await signUp(t);
    await donateAndPay(t, token, 120);
    const mine = (await t.api('GET', '/api/partners/indicators', { token })).body;
    expect(mine).toMatchObject({ totalDonat: 120, currentCount: 3, pastCount: 0, levelSupport: 3, ukrainianMark: 130 });
    expect((await t.api('GET', '/api/partners/indicators', { token: other.token })).body.totalDonat).toBe(0);
  });
});

describe('the team', () => {
  it('shows my invitees with their team sizes, opens my team at any depth, and nobody else', async () => {
    const me = await signUp(t);
    const child = await signUp(t, { inviterId: me.user._id });
    const grandchild = await signUp(t, { inviterId: child.user._id });
    await signUp(t, { inviterId: grandchild.user._id });
    const outsider = await signUp(t);

    const team = await t.api('GET', '/api/partners', { token: me.token });
    expect(team.body.partner).toEqual({
      _id: me.user._id,
      first_name: me.person.first_name,
      last_name: me.person.last_name,
    });
    expect(team.body.team).toEqual([
      {
        _id: child.user._id,
        first_name: child.person.first_name,
        last_name: child.person.last_name,
        createdAt: expect.any(Number),
        teamSize: 1,
      },
    ]);
    expect(Object.keys(team.body.team[0]).sort()).toEqual(['_id', 'createdAt', 'first_name', 'last_name', 'teamSize']);

    const deep = await t.api('GET', `/api/partners/${grandchild.user._id}`, { token: me.token });
    expect(deep.status).toBe(200);
    expect(deep.body.partner._id).toBe(grandchild.user._id);
    expect(deep.body.team).toHaveLength(1);

    // Upward or sideways is not mine to see; unknown ids look the same.
    for (const id of [outsider.user._id, 'no-such-user']) {
      const answer = await t.api('GET', `/api/partners/${id}`, { token: me.token });
      expect(answer.status).toBe(404);
    }
    expect((await t.api('GET', `/api/partners/${me.user._id}`, { token: child.token })).status).toBe(404);
    expect((await t.api('GET', `/api/partners/${grandchild.user._id}`, { token: outsider.token })).status).toBe(404);
  });

  it('gratitudes: nothing reached without support', async () => {
    const { token } = await signUp(t);
    const { tiers } = (await t.api('GET', '/api/partners/gratitudes', { token })).body;
    expect(tiers).toHaveLength(11);
    expect(tiers.every((tier: { reached: boolean }) => !tier.reached)).toBe(true);
    expect(tiers[0]).toMatchObject({ type: 'subscribe', from: 480 });
  });

  it('gratitudes: the totals that reach the tiers come along, so the next tier can be told (issue 18, item 7)', async () => {
    const { token } = await signUp(t);
    expect((await t.api('GET', '/api/partners/gratitudes', { token })).body.totals).toEqual({ subscribe: 0, once: 0 });
    await donateAndPay(t, token, 1000);
    await donateAndPay(t, token, 120);
    const { tiers, totals } = (await t.api('GET', '/api/partners/gratitudes', { token })).body;
    expect(totals).toEqual({ subscribe: 0, once: 1000 });
    expect(tiers.filter((tier: { reached: boolean }) => tier.reached)).toEqual([
      expect.objectContaining({ type: 'once', from: 960 }),
    ]);
  });
});
