import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/infra/config.js';
import { ASYNC_COMMIT_APPLICATION, createAsyncCommitDb } from '../src/infra/db/index.js';
import { startTestApp, type TestApp } from './support/app.js';
import { importFixtures, signUp } from './support/courses.js';

// A session's «last used» time and a lesson's first opening are committed without waiting for the
// WAL's flush on PostgreSQL (infra/db/index.ts, issue 23: at 00:00 a wave's first requests each
// made both commits at once). Every other write still waits for the disk.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const MINUTE = 60_000;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** What the asynchronous-commit connections of this test's database last ran. */
async function asyncCommitQueries(): Promise<string[]> {
  const { rows } = await sql<{ query: string }>`
    select query from pg_stat_activity
    where datname = current_database() and application_name = ${ASYNC_COMMIT_APPLICATION}`.execute(t.app.services.db);
  return rows.map((row) => row.query);
}

describe('writes a database crash may lose the last second of', () => {
  it('go, on PostgreSQL, through connections that commit without waiting for the disk; elsewhere nothing changes', async () => {
    const config = loadConfig(t.env);
    const db = t.app.services.db;
    const asyncCommitDb = createAsyncCommitDb(config.database, db);
    try {
      if (!onPostgres) {
        expect(asyncCommitDb).toBe(db);
        return;
      }
      const setting = async (on: typeof db) =>
        (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(on)).rows[0]?.synchronous_commit;
      expect(await setting(asyncCommitDb)).toBe('off');
      expect(await setting(db)).toBe('on');
    } finally {
      if (asyncCommitDb !== db) await asyncCommitDb.destroy();
    }
  });

  it('are a lesson’s first opening and a session’s «last used» time, and they are read back at once', async () => {
    const { alpha } = await importFixtures(t);
    const { token, user } = await signUp(t);
    if (onPostgres) expect(await asyncCommitQueries()).toEqual([]);

    expect((await t.api('GET', `/api/courses/${alpha}/lessons/1/content`, { token })).status).toBe(200);
    if (onPostgres) expect(await asyncCommitQueries()).toEqual([expect.stringMatching(/^insert into "lesson_opens"/)]);
    const opened = await t.app.services.db
      .selectFrom('lesson_opens')
      .select('day')
      .where('user_id', '=', user._id)
      .execute();
    expect(opened).toEqual([{ day: 1 }]);

    t.clock.advance(2 * MINUTE);
    expect((await t.api('GET', '/api/auth/current', { token })).status).toBe(200);
    if (onPostgres)
      expect(await asyncCommitQueries()).toEqual([expect.stringMatching(/^update "sessions" set "last_seen_at"/)]);
    const session = await t.app.services.db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('user_id', '=', user._id)
      .executeTakeFirstOrThrow();
    expect(Number(session.last_seen_at)).toBe(t.clock.now());
  });
});
