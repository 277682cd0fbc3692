import type { ChatMessage, Role } from '@yedyni/contract';
import { type Actor, isAdmin, isCurator } from '../auth/policy.js';

interface SentMessage {
  sender_id: string;
}

/**
 * A wave's room is for the learners enrolled in that wave and for curators; nobody else reads
 * or writes it. `enrolledWave` is the caller's wave of the course (null when not enrolled).
 */
export function isRoomMember(actor: Actor, room: { wave: string; exists: boolean }, enrolledWave: string | null) {
  return room.exists && (enrolledWave === room.wave || isCurator(actor));
}

export function canEditMessage(actor: Actor, message: SentMessage): boolean {
  return message.sender_id === actor.id;
}

/** A change to someone else's message is moderation, and the audit log keeps it; authors' own are not. */
export function isModeration(actor: Actor, message: SentMessage): boolean {
  return message.sender_id !== actor.id;
}

/**
 * Curators moderate every room of every course: they may delete anyone's message there, decide
 * reports, mute members, set slow mode and pin a message.
 */
export function canModerateRooms(actor: Actor): boolean {
  return isCurator(actor);
}

/** Authors delete their own messages; curators moderate any in the rooms they are members of. */
export function canDeleteMessage(actor: Actor, message: SentMessage): boolean {
  return message.sender_id === actor.id || canModerateRooms(actor);
}

/** How a sender is labelled by their name in the room: readers see who speaks for the movement. */
export function senderTitle(sender: { id: string; role: Role | null }): ChatMessage['senderTitle'] {
  if (sender.role === null) return null;
  const actor = { id: sender.id, role: sender.role };
  if (isAdmin(actor)) return 'admin';
  return isCurator(actor) ? 'curator' : null;
}

/** Reports: any member, on anyone's message but their own (theirs they may edit or delete). */
export function canReportMessage(actor: Actor, message: SentMessage): boolean {
  return message.sender_id !== actor.id;
}

/**
 * Reports hide a message only when it is a learner's: a curator's or admin's message speaks for the
 * movement and is never hidden by reports (they still reach the queue, for another curator to see).
 */
export function reportsMayHide(sender: { id: string; role: Role | null }): boolean {
  return senderTitle(sender) === null;
}

/** A hidden message is still seen, marked, by curators and by its author; nobody else receives it. */
export function seesHidden(actor: Actor, message: SentMessage): boolean {
  return message.sender_id === actor.id || canModerateRooms(actor);
}

/** Mutes are for members who are not staff: curators and admins are never muted. */
export function canBeMuted(target: { id: string; role: Role }): boolean {
  return !isCurator(target);
}

/** Slow mode holds members to its pace; curators are exempt. */
export function slowModeApplies(actor: Actor): boolean {
  return !isCurator(actor);
}
