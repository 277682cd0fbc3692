import type { Migration, MigrationProvider } from 'kysely';
import * as accounts from './0001_accounts.js';

/** Every migration, in order; compiled in, so the built server needs no migration folder. */
const migrations: Record<string, Migration> = {
  '0001_accounts': accounts,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
