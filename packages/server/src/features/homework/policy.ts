import { RATING_UNDO_MS } from '@yedyni/contract';
import { type Actor, CURATOR_ROLES, isAdmin, isCurator } from '../auth/policy.js';

interface OwnedExercise {
  user_id: string;
}
interface GivenRating {
  curator_id: string;
  rated_at: number;
}
interface AuthoredComment {
  author_id: string;
}

/** The learner who wrote it and curators; anyone else is told it does not exist. */
export function canReadExercise(actor: Actor, exercise: OwnedExercise): boolean {
  return exercise.user_id === actor.id || isCurator(actor);
}

/** Homework text and its file belong to the learner alone. */
export function canEditHomework(actor: Actor, exercise: OwnedExercise): boolean {
  return exercise.user_id === actor.id;
}

export function canComment(actor: Actor, exercise: OwnedExercise): boolean {
  return canReadExercise(actor, exercise);
}

export function canEditComment(actor: Actor, comment: AuthoredComment): boolean {
  return comment.author_id === actor.id;
}

/** Authors delete their own comments; curators moderate any. */
export function canDeleteComment(actor: Actor, comment: AuthoredComment): boolean {
  return comment.author_id === actor.id || isCurator(actor);
}

/** Deleting someone else's comment is moderation, and the audit log keeps it; authors' own are not. */
export function isModeration(actor: Actor, comment: AuthoredComment): boolean {
  return comment.author_id !== actor.id;
}

/** Curators rate other people's homework, never their own (so every rating is in the audit log). */
export function canRate(actor: Actor, exercise: OwnedExercise): boolean {
  return isCurator(actor) && exercise.user_id !== actor.id;
}

/** Mistake tags are a reviewer's word on someone else's work, as a rating is. */
export function canTagComment(actor: Actor, exercise: OwnedExercise): boolean {
  return canRate(actor, exercise);
}

/** Only the curator who gave a rating may withdraw it: another curator gives a rating of their own. */
export function isOwnRating(actor: Actor, rating: GivenRating): boolean {
  return isCurator(actor) && rating.curator_id === actor.id;
}

/** A rating may be withdrawn for RATING_UNDO_MS after it was given (its notification is held as long). */
export function ratingStillWithdrawable(rating: GivenRating, now: number): boolean {
  return now - rating.rated_at < RATING_UNDO_MS;
}

/** What the caller may do with a homework, sent with it so that the web never asks the role. */
export function exerciseAbilities(actor: Actor, exercise: OwnedExercise) {
  return { canEdit: canEditHomework(actor, exercise), canRate: canRate(actor, exercise) };
}

/** What the caller may do with a comment, sent with it. */
export function commentAbilities(actor: Actor, comment: AuthoredComment) {
  return { canEdit: canEditComment(actor, comment), canDelete: canDeleteComment(actor, comment) };
}

/** Whose waiting homework shows up as a notification: curators see everyone else's. */
export function reviewsHomework(actor: Actor): boolean {
  return isCurator(actor);
}

/** The roles `reviewsHomework` lets in, for queries that find every reviewer at once. */
export const REVIEWER_ROLES = CURATOR_ROLES;

/** The review queue, the history and claims: curators (and admins). */
export function canReview(actor: Actor): boolean {
  return isCurator(actor);
}

/** Handing a claimed homework to another curator overrides a colleague: admins only, and audited. */
export function canReassignClaim(actor: Actor): boolean {
  return isAdmin(actor);
}

/** A curator's claim holds while its time lasts; a lapsed one is nobody's (no job clears it). */
export function claimHeld(claim: { claimed_by: string | null; claim_until: number | null }, now: number): boolean {
  return claim.claimed_by !== null && claim.claim_until !== null && claim.claim_until > now;
}

/** Whose reply times the caller sees: admins everyone's (null), a curator their own. */
export function replyTimesScope(actor: Actor): string | null {
  return isAdmin(actor) ? null : actor.id;
}

/** Who may be handed a claim: someone who reviews homework. */
export function canHoldClaim(person: Actor): boolean {
  return isCurator(person);
}
