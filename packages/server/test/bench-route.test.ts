import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftedClock, systemClock } from '../src/infra/clock.js';
import { loadConfig } from '../src/infra/config.js';
import { PRODUCTION, startTestApp, type TestApp } from './support/app.js';
import { signUp } from './support/courses.js';

// bench/api.mjs compares every hot route with GET /api/bench/bare in the same process. The route
// must not exist anywhere the benchmark did not ask for it.
describe('the benchmarks’ bare route', () => {
  let plain: TestApp;
  let bench: TestApp;
  beforeAll(async () => {
    plain = await startTestApp();
    bench = await startTestApp({ BENCH_BARE_ROUTE: '1' });
  });
  afterAll(async () => {
    await plain?.close();
    await bench?.close();
  });

  it('is absent by default', async () => {
    for (const route of ['/api/bench/bare', '/api/bench/bare-read', '/api/bench/home-before-habit']) {
      const answer = await plain.api('GET', route);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'Не знайдено' });
    }
    const doc = await plain.api('GET', '/api/docs/json');
    expect(Object.keys(doc.body.paths).some((p) => p.includes('bench'))).toBe(false);
  });

  it('answers {ok:true} without a token when BENCH_BARE_ROUTE is set, and stays out of the API docs', async () => {
    const answer = await bench.api('GET', '/api/bench/bare');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    const doc = await bench.api('GET', '/api/docs/json');
    expect(Object.keys(doc.body.paths).some((p) => p.includes('bench'))).toBe(false);
  });

  it('reads one user by primary key without a token when BENCH_BARE_ROUTE is set', async () => {
    const { user } = await signUp(bench);
    const found = await bench.api('GET', `/api/bench/bare-read?id=${user._id}`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ ok: true });
    const missing = await bench.api('GET', '/api/bench/bare-read?id=nobody');
    expect(missing.body).toEqual({ ok: false });
  });

  it('answers home without the habit only to a signed-in caller, when BENCH_BARE_ROUTE is set', async () => {
    expect((await bench.api('GET', '/api/bench/home-before-habit')).status).toBe(401);
    const { token } = await signUp(bench);
    const before = await bench.api('GET', '/api/bench/home-before-habit', { token });
    expect(before.status).toBe(200);
    const home = await bench.api('GET', '/api/courses/today', { token });
    const { habit, ...withoutHabit } = home.body;
    expect(habit.streak.current).toBe(0);
    expect(before.body).toEqual(withoutHabit);
  });
});

// bench/midnight.mjs sets the server's clock to a few seconds before a Kyiv midnight.
describe('the benchmarks’ shifted clock', () => {
  it('runs the server’s clock BENCH_CLOCK_SHIFT_MS ahead, and is refused in production', () => {
    const dataDir = '/tmp/yedyni-bench-clock';
    expect(loadConfig({ DATA_DIR: dataDir }).benchClockShiftMs).toBe(0);
    expect(shiftedClock(0)).toBe(systemClock);
    const day = 86_400_000;
    const config = loadConfig({ DATA_DIR: dataDir, BENCH_CLOCK_SHIFT_MS: String(day) });
    const ahead = shiftedClock(config.benchClockShiftMs).now() - Date.now();
    expect(ahead).toBeGreaterThan(day - 1_000);
    expect(ahead).toBeLessThanOrEqual(day);
    expect(() => loadConfig({ ...PRODUCTION, DATA_DIR: dataDir, BENCH_CLOCK_SHIFT_MS: String(day) })).toThrow(
      /BENCH_CLOCK_SHIFT_MS/,
    );
  });
});
