import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';

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
    const answer = await plain.api('GET', '/api/bench/bare');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: 'Не знайдено' });
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
});
