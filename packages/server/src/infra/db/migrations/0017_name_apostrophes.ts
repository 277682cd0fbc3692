import { normalizeApostrophes } from '@yedyni/contract';
import type { Kysely } from 'kysely';
import { userSearchText } from '../search.js';

/**
 * Names written before the one-apostrophe rule (docs/domain.md) get U+02BC too, and their search
 * text with them, so «Мар'яна» is found by «Марʼяна» and the other way round.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  const users = await db.selectFrom('users').select(['id', 'first_name', 'last_name', 'email', 'search']).execute();
  for (const user of users) {
    const first_name = normalizeApostrophes(user.first_name);
    const last_name = normalizeApostrophes(user.last_name);
    const search = userSearchText({ first_name, last_name, email: user.email });
    if (first_name === user.first_name && last_name === user.last_name && search === user.search) continue;
    await db.updateTable('users').set({ first_name, last_name, search }).where('id', '=', user.id).execute();
  }
}

/** The apostrophe each name was typed with is not kept: nothing to undo. */
export async function down(): Promise<void> {}
