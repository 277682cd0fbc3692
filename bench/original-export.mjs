// Pieces of a generated export of the old platform (mongoexport --jsonArray, Extended JSON v2),
// shared by bench/import.mjs and packages/server/test/import-memory.test.ts (types: the .d.mts).
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

/** A bcrypt hash (cost 10) as the old platform stores passwords. */
export const BCRYPT_HASH = '$2b$10$ROe4jxf8qc2ygV07zUZir.QyXljWIZv8V.x3lz5dhjxpp8R9mDk7u';
/** When the generated platform's course started. */
export const T0 = Date.UTC(2024, 0, 10);

/** An ObjectId of 24 characters: a kind's letter(s), then the number. */
export const oid = (kind, n) => ({ $oid: `${kind}${String(n).padStart(24 - kind.length, '0')}` });

/** `[doc, doc, …]` as mongoexport writes it, without holding the array. */
export async function writeArray(file, count, make) {
  const out = createWriteStream(file);
  out.write('[');
  for (let i = 0; i < count; i += 1) {
    if (!out.write(`${i ? ',\n' : ''}${JSON.stringify(make(i))}`)) await once(out, 'drain');
  }
  out.end(']\n');
  await once(out, 'finish');
}

/**
 * Person `i` of `count` (ids `b…`): invited by person ⌊(i − 1) / 3⌋, inviting the next three, as
 * the old platform's `inviter` and `team` say it; `extra` adds or replaces fields.
 */
export function person(i, count, extra = {}) {
  return {
    _id: oid('b', i),
    first_name: 'Учасник',
    last_name: 'Тестовий',
    email: `person${i}@example.org`,
    password: BCRYPT_HASH,
    status: 'user',
    verify: true,
    inviter: i > 0 ? oid('b', Math.floor((i - 1) / 3)) : undefined,
    team: [1, 2, 3]
      .map((k) => 3 * i + k)
      .filter((k) => k < count)
      .map((k) => oid('b', k)),
    courses: [],
    createdAt: { $date: new Date(T0 + i).toISOString() },
    ...extra,
  };
}
