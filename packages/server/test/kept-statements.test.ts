import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { signUp } from './support/courses.js';

// Statements are kept prepared per connection: SQLite's by the dialect's statement cache,
// PostgreSQL's by name (infra/db/index.ts, issue 23). Values stay bound, and a kept statement must
// follow its table through a schema change.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('statements kept prepared', () => {
  it('answer each call with its own values, and on PostgreSQL are parsed once per connection', async () => {
    const a = (await signUp(t)).user;
    const b = (await signUp(t)).user;
    await t.app.services.db.connection().execute(async (db) => {
      const query = (id: string) => db.selectFrom('users').select(['id', 'first_name']).where('id', '=', id);
      const read = (id: string) => query(id).execute();
      expect(await read(a._id)).toEqual([{ id: a._id, first_name: a.first_name }]);
      expect(await read(b._id)).toEqual([{ id: b._id, first_name: b.first_name }]);
      expect(await read('nobody')).toEqual([]);
      if (onPostgres) {
        const text = query('').compile().sql;
        const kept = await sql<{
          name: string;
        }>`select name from pg_prepared_statements where statement = ${text}`.execute(db);
        expect(kept.rows).toHaveLength(1);
      }
    });
  });

  it('follow a table that gains a column after they were prepared', async () => {
    const db = t.app.services.db;
    await db.connection().execute(async (conn) => {
      await sql`create table kept_statement_probe (id integer primary key, a text)`.execute(conn);
      try {
        await sql`insert into kept_statement_probe (id, a) values (1, 'перше')`.execute(conn);
        const all = () =>
          sql<Record<string, unknown>>`select * from kept_statement_probe where id = ${1}`.execute(conn);
        expect((await all()).rows).toEqual([{ id: 1, a: 'перше' }]);
        expect((await all()).rows).toEqual([{ id: 1, a: 'перше' }]);
        await sql`alter table kept_statement_probe add column b text`.execute(conn);
        expect((await all()).rows).toEqual([{ id: 1, a: 'перше', b: null }]);
        expect((await all()).rows).toEqual([{ id: 1, a: 'перше', b: null }]);
      } finally {
        await sql`drop table kept_statement_probe`.execute(conn);
      }
    });
  });
});
