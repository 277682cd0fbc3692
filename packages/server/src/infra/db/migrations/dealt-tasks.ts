import type { CreateTableBuilder } from 'kysely';

/**
 * The columns of one player's dealt tasks against a deadline, then the score: a game round (0006)
 * and an olympiad attempt (0007) keep the same ones, and both are played by the game's own code.
 * Applied migrations call this, so it never changes: a change of these tables is a new migration.
 */
export function dealtTasksColumns<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return (
    table
      .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // JSON: [{ id, layout }], the tasks in order as laid out for this player.
      .addColumn('tasks', 'text', (c) => c.notNull())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('deadline', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint')
      .addColumn('score', 'integer')
      // JSON of the task results, once scored.
      .addColumn('results', 'text')
  );
}
