import { type Actor, isAdmin, isCurator } from '../auth/policy.js';

/** Who may see a course: its enrolled learners, and every curator (docs/domain.md «Roles»: curators of all courses). */
export function canViewCourse(actor: Actor, enrolled: boolean): boolean {
  return enrolled || isCurator(actor);
}

/**
 * Running a course: scheduling lessons, announcing waves, and the console's course overview —
 * curators (moderators and admins).
 */
export function canManageCourse(actor: Actor): boolean {
  return isCurator(actor);
}

/** Writing courses and lessons (create, edit, reorder, media, export): admins. */
export function canAuthorCourse(actor: Actor): boolean {
  return isAdmin(actor);
}

/** Closed lessons stay closed for learners; curators prepare them ahead. */
export function canReadLesson(actor: Actor, isOpen: boolean): boolean {
  return isOpen || isCurator(actor);
}
