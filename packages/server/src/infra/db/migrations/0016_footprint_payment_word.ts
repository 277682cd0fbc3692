import type { Kysely } from 'kysely';

/**
 * The interface calls a payment «внесок» everywhere (docs/glossary.md); footprint rows written
 * before said «Донат», and the footprint history shows that text as it is stored.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('mark_entries')
    .set({ comment: 'Разовий внесок' })
    .where('comment', '=', 'Донат')
    .where('source_key', 'like', 'payment:%')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('mark_entries')
    .set({ comment: 'Донат' })
    .where('comment', '=', 'Разовий внесок')
    .where('source_key', 'like', 'payment:%')
    .execute();
}
