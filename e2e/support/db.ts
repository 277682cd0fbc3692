import { createRequire } from 'node:module';
import { join } from 'node:path';
import { repoRoot } from './server.js';

/**
 * The e2e server's own SQLite file, opened beside it (WAL lets both write), for what no API can
 * arrange: time that has passed. better-sqlite3 is the server's dependency, loaded from there.
 */
export function ageEnrolment(dataDir: string, userId: string, days: number): void {
  const require = createRequire(join(repoRoot, 'packages/server/package.json'));
  const Database = require('better-sqlite3') as typeof import('better-sqlite3');
  const db = new Database(join(dataDir, 'yedyni.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const changed = db
      .prepare('UPDATE enrollments SET enrolled_at = enrolled_at - ? WHERE user_id = ?')
      .run(days * 24 * 60 * 60 * 1000, userId).changes;
    if (changed === 0) throw new Error(`ageEnrolment: ${userId} is enrolled nowhere`);
  } finally {
    db.close();
  }
}
