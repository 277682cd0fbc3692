import type { Executor } from '../../infra/db/index.js';

/** The caller's own replies and everyone's shared ones: the only rows a curator may list. */
export function visibleReplies(db: Executor, actorId: string) {
  return db
    .selectFrom('saved_replies')
    .innerJoin('users', 'users.id', 'saved_replies.author_id')
    .select([
      'saved_replies.id',
      'saved_replies.author_id',
      'saved_replies.title',
      'saved_replies.text',
      'saved_replies.tags',
      'saved_replies.shared',
      'saved_replies.updated_at',
      'users.first_name',
      'users.last_name',
    ])
    .where((eb) => eb.or([eb('saved_replies.author_id', '=', actorId), eb('saved_replies.shared', '=', 1)]));
}
