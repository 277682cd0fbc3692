import { type Actor, isAdmin, isCurator } from '../auth/policy.js';

interface Reply {
  author_id: string;
  shared: number;
}

/** Saved replies are a reviewer's tool: curators and admins; learners are refused. */
export function usesSavedReplies(actor: Actor): boolean {
  return isCurator(actor);
}

/** One's own, and the shared ones; another curator's private reply is as if it did not exist. */
export function canSeeReply(actor: Actor, reply: Reply): boolean {
  return usesSavedReplies(actor) && (reply.author_id === actor.id || reply.shared === 1);
}

/** Its author changes or deletes it; an admin also a shared one (it speaks for everyone). */
export function canEditReply(actor: Actor, reply: Reply): boolean {
  return canSeeReply(actor, reply) && (reply.author_id === actor.id || isAdmin(actor));
}
