import type { Actor } from '../auth/policy.js';

interface OwnedEntry {
  user_id: string;
}

/**
 * A diary is private: only the learner who wrote an entry reads it, curators and admins included
 * (docs/domain.md «Diary and self-test»). The diary's queries are scoped to the caller too, so an
 * id never grants access by itself.
 */
export function canReadDiaryEntry(actor: Actor, entry: OwnedEntry): boolean {
  return entry.user_id === actor.id;
}
