import type { Migration, MigrationProvider } from 'kysely';
import * as accounts from './0001_accounts.js';
import * as courses from './0002_courses.js';
import * as exercises from './0003_exercises.js';

/** Every migration, in order; compiled in, so the built server needs no migration folder. */
const migrations: Record<string, Migration> = {
  '0001_accounts': accounts,
  '0002_courses': courses,
  '0003_exercises': exercises,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
