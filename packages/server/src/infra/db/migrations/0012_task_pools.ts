import type { Kysely } from 'kysely';

/**
 * The tasks that the shipped content (content/game) moved from the game to the olympiad pool when
 * pools came in: an installation that loaded them earlier gets the same split, so its olympiads
 * never draw tasks whose answers every game round reveals. Kept here as they were then.
 */
const MOVED_TO_OLYMPIADS = [
  'l1-quiz-kotra-hodyna',
  'l1-quiz-naholos',
  'l1-match-kalky',
  'l1-match-naholos-sklad',
  'l1-gap-kvatyrka',
  'l1-gap-dva-studenty',
  'l1-order-uchast',
  'l1-order-zupynka',
  'l1-error-bil',
  'l1-error-serhiiu',
  'l2-quiz-vysnovok',
  'l2-quiz-tysk',
  'l2-match-kalky',
  'l2-match-chas',
  'l2-gap-zbihaietsia',
  'l2-gap-tsukru',
  'l2-order-vysnovok',
  'l2-order-proizd',
  'l2-error-otrymala',
  'l2-error-dovidka',
  'l3-quiz-ponedilky',
  'l3-quiz-polunytsia',
  'l3-match-naholos-sklad',
  'l3-match-klychnyi',
  'l3-gap-tretia',
  'l3-gap-chynne',
  'l3-order-ihoriu',
  'l3-order-peresadka',
  'l3-error-perepys',
  'l3-error-vidpochyvalnyky',
];

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  // Which bank a task belongs to: `game` (dealt in rounds) or `olympiad` (drawn for olympiads only).
  await db.schema
    .alterTable('game_tasks')
    .addColumn('pool', 'varchar(10)', (c) => c.notNull().defaultTo('game'))
    .execute();
  await db.schema.createIndex('game_tasks_pool_idx').on('game_tasks').columns(['pool', 'active']).execute();
  const rows = await db.selectFrom('game_tasks').select(['id', 'body']).where('id', 'in', MOVED_TO_OLYMPIADS).execute();
  for (const row of rows as { id: string; body: string }[]) {
    const body = JSON.stringify({ ...JSON.parse(row.body), pool: 'olympiad' });
    await db.updateTable('game_tasks').set({ pool: 'olympiad', body }).where('id', '=', row.id).execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('game_tasks_pool_idx').execute();
  await db.schema.alterTable('game_tasks').dropColumn('pool').execute();
}
