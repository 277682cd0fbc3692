import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migrateUpTo } from '../src/infra/db/index.js';
import { startTestApp, type TestApp } from './support/app.js';
import { signUp, staff } from './support/courses.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await staff(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

/** A surname no other test uses: Latin letters of its own after «Дʼ». */
const uniqueSurname = () =>
  `Дʼ${randomBytes(4)
    .toString('hex')
    .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)] ?? 'a')}`;

const found = async (q: string) =>
  (await t.api('GET', `/api/admin/users?q=${encodeURIComponent(q)}`, { token: admin })).body.users.map(
    (u: { _id: string }) => u._id,
  );

describe('names with an apostrophe (one form: U+02BC)', () => {
  it('are stored with ʼ whichever apostrophe was typed, and found by any of them', async () => {
    for (const typed of ["'", '’', '‘', '`', 'ʻ', '´', '′', '＇']) {
      const tail = uniqueSurname().slice(2);
      const { user } = await signUp(t, { first_name: `Мар${typed}яна`, last_name: `Д${typed}${tail}` });
      expect(user.first_name).toBe('Марʼяна');
      expect(user.last_name).toBe(`Дʼ${tail}`);
      const row = await t.app.services.db
        .selectFrom('users')
        .select(['first_name', 'last_name'])
        .where('id', '=', user._id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ first_name: 'Марʼяна', last_name: `Дʼ${tail}` });
      for (const q of [`Д'${tail}`, `д’${tail}`, `дʼ${tail}`, `Д‘${tail}`]) expect(await found(q)).toEqual([user._id]);
    }
  });

  it('names already stored with another apostrophe are rewritten by the upgrade (migration 0017)', async () => {
    const tail = uniqueSurname().slice(2);
    const { user } = await signUp(t, { last_name: `Д${tail}` });
    const { db } = t.app.services;
    // As the previous release stored them: the apostrophe as typed, the search text folded from it.
    await migrateUpTo(db, '0016_footprint_payment_word');
    await db
      .updateTable('users')
      .set({ first_name: "Мар'яна", last_name: `Д’${tail}`, search: `мар'яна д’${tail} ${user.email}` })
      .where('id', '=', user._id)
      .execute();
    expect(await found(`дʼ${tail}`)).toEqual([]);

    await migrateToLatest(db);
    const row = await db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', user._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: 'Марʼяна', last_name: `Дʼ${tail}` });
    for (const q of [`д'${tail}`, `дʼ${tail}`, `Д’${tail}`]) expect(await found(q)).toEqual([user._id]);
  });
});
