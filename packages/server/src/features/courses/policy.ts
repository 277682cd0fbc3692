import { type Actor, isCurator } from '../auth/policy.js';

/** Who may see a course: its enrolled learners, and every curator (DOMAIN.md: curators of all courses). */
export function canViewCourse(actor: Actor, enrolled: boolean): boolean {
  return enrolled || isCurator(actor);
}

/** Scheduling lessons and announcing waves: curators (moderators and admins). */
export function canManageCourse(actor: Actor): boolean {
  return isCurator(actor);
}

/** Closed lessons stay closed for learners; curators prepare them ahead. */
export function canReadLesson(actor: Actor, isOpen: boolean): boolean {
  return isOpen || isCurator(actor);
}
