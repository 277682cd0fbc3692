import type { Role } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { canEnterConsole, canManageUsers, canReadAudit, consoleAbilities } from '../src/features/admin/policy.js';
import { canNudge, canSeeWaveAnalytics } from '../src/features/analytics/policy.js';
import { type Actor, canEndSession } from '../src/features/auth/policy.js';
import { canManageCertificates, canRevokeCertificate } from '../src/features/certificates/policy.js';
import {
  canDeleteMessage,
  canEditMessage,
  canModerateRooms,
  isModeration as isChatModeration,
  isRoomMember,
} from '../src/features/chat/policy.js';
import { canManageClubs, canSeeLink } from '../src/features/clubs/policy.js';
import { canAuthorCourse, canManageCourse, canReadLesson, canViewCourse } from '../src/features/courses/policy.js';
import { canReadDiaryEntry } from '../src/features/diary/policy.js';
import { canAuthorTasks, canPlayRepetition } from '../src/features/game/policy.js';
import {
  canComment,
  canDeleteComment,
  canEditComment,
  canEditHomework,
  canRate,
  canReadExercise,
  commentAbilities,
  exerciseAbilities,
  isModeration as isCommentModeration,
  isOwnRating,
  ratingStillWithdrawable,
  reviewsHomework,
} from '../src/features/homework/policy.js';
import { canReadNotification } from '../src/features/notifications/policy.js';
import { canManageOlympiads } from '../src/features/olympiads/policy.js';
import { canManageExpenses } from '../src/features/openbook/policy.js';
import { canReadPayments, canReadReceipt, isOwnSubscription } from '../src/features/payments/policy.js';
import { canReadProgress } from '../src/features/progress/policy.js';

/*
 * Every policy function, table-driven: actor roles × records → what is allowed. A row reads
 * [user, moderator, admin]; "own" records belong to the actor, "theirs" to someone else.
 */
const ROLES: Role[] = ['user', 'moderator', 'admin'];
const actor = (role: Role): Actor => ({ id: `${role}-1`, role });
type Row = [name: string, check: (a: Actor) => boolean, expected: [boolean, boolean, boolean]];

const own = (a: Actor) => ({ user_id: a.id, author_id: a.id, sender_id: a.id });
const theirs = { user_id: 'someone', author_id: 'someone', sender_id: 'someone' };

const table: Row[] = [
  // admin (the console shell)
  ['console door, admins’ routes', (a) => canEnterConsole(a, false), [false, false, true]],
  ['console door, curators’ routes', (a) => canEnterConsole(a, true), [false, true, true]],
  ['manage users and roles', canManageUsers, [false, false, true]],
  ['read the audit log', canReadAudit, [false, false, true]],
  ['ability: enter the console', (a) => consoleAbilities(a).enterConsole, [false, true, true]],
  ['ability: administer the console', (a) => consoleAbilities(a).administerConsole, [false, false, true]],
  // courses
  ['view a course, enrolled', (a) => canViewCourse(a, true), [true, true, true]],
  ['view a course, not enrolled', (a) => canViewCourse(a, false), [false, true, true]],
  ['manage a course (waves, schedule, overview)', canManageCourse, [false, true, true]],
  ['author courses and lessons', canAuthorCourse, [false, false, true]],
  ['read an open lesson', (a) => canReadLesson(a, true), [true, true, true]],
  ['read a closed lesson', (a) => canReadLesson(a, false), [false, true, true]],
  // diary: the writer's alone, whatever the role
  ['read own diary entry', (a) => canReadDiaryEntry(a, own(a)), [true, true, true]],
  ['read their diary entry', (a) => canReadDiaryEntry(a, theirs), [false, false, false]],
  // homework
  ['read own homework', (a) => canReadExercise(a, own(a)), [true, true, true]],
  ['read their homework', (a) => canReadExercise(a, theirs), [false, true, true]],
  ['edit own homework', (a) => canEditHomework(a, own(a)), [true, true, true]],
  ['edit their homework', (a) => canEditHomework(a, theirs), [false, false, false]],
  ['comment on own homework', (a) => canComment(a, own(a)), [true, true, true]],
  ['comment on their homework', (a) => canComment(a, theirs), [false, true, true]],
  ['edit own comment', (a) => canEditComment(a, own(a)), [true, true, true]],
  ['edit their comment', (a) => canEditComment(a, theirs), [false, false, false]],
  ['delete own comment', (a) => canDeleteComment(a, own(a)), [true, true, true]],
  ['delete their comment', (a) => canDeleteComment(a, theirs), [false, true, true]],
  ['deleting own comment is moderation', (a) => isCommentModeration(a, own(a)), [false, false, false]],
  ['deleting their comment is moderation', (a) => isCommentModeration(a, theirs), [true, true, true]],
  ['rate own homework', (a) => canRate(a, own(a)), [false, false, false]],
  ['rate their homework', (a) => canRate(a, theirs), [false, true, true]],
  ['review waiting homework', reviewsHomework, [false, true, true]],
  ['withdraw own rating', (a) => isOwnRating(a, { curator_id: a.id, rated_at: 0 }), [false, true, true]],
  ['withdraw their rating', (a) => isOwnRating(a, { curator_id: 'someone', rated_at: 0 }), [false, false, false]],
  [
    'withdraw a rating 9.999 s old',
    () => ratingStillWithdrawable({ curator_id: '', rated_at: 0 }, 9_999),
    [true, true, true],
  ],
  [
    'withdraw a rating 10 s old',
    () => ratingStillWithdrawable({ curator_id: '', rated_at: 0 }, 10_000),
    [false, false, false],
  ],
  // chat
  [
    'member of an existing room of my wave',
    (a) => isRoomMember(a, { wave: '29', exists: true }, '29'),
    [true, true, true],
  ],
  ['member of a room of another wave', (a) => isRoomMember(a, { wave: '30', exists: true }, '29'), [false, true, true]],
  [
    'member of a room that does not exist',
    (a) => isRoomMember(a, { wave: '29', exists: false }, '29'),
    [false, false, false],
  ],
  ['edit own message', (a) => canEditMessage(a, own(a)), [true, true, true]],
  ['edit their message', (a) => canEditMessage(a, theirs), [false, false, false]],
  ['delete own message', (a) => canDeleteMessage(a, own(a)), [true, true, true]],
  ['delete their message', (a) => canDeleteMessage(a, theirs), [false, true, true]],
  ['changing their message is moderation', (a) => isChatModeration(a, theirs), [true, true, true]],
  ['changing own message is moderation', (a) => isChatModeration(a, own(a)), [false, false, false]],
  ['moderate the rooms', canModerateRooms, [false, true, true]],
  // clubs
  ['manage clubs', canManageClubs, [false, false, true]],
  ['see an online club’s link', (a) => canSeeLink(a, { city: '' }, false), [true, true, true]],
  ['see a city club’s link, signed up', (a) => canSeeLink(a, { city: 'Київ' }, true), [true, true, true]],
  ['see a city club’s link, not signed up', (a) => canSeeLink(a, { city: 'Київ' }, false), [false, false, true]],
  // certificates: admins certify; a revoked one stays revoked
  ['manage certificates (criteria, list)', canManageCertificates, [false, false, true]],
  ['revoke a standing certificate', (a) => canRevokeCertificate(a, { revoked_at: null }), [false, false, true]],
  ['revoke a revoked certificate', (a) => canRevokeCertificate(a, { revoked_at: 1 }), [false, false, false]],
  // wave analytics: the people who run waves see who is away and nudge them
  ['see wave analytics', canSeeWaveAnalytics, [false, true, true]],
  ['nudge an inactive learner', canNudge, [false, true, true]],
  // game, olympiads, payments
  ['author game tasks', canAuthorTasks, [false, false, true]],
  // «Повторення»: a session is its learner's alone, whatever the role
  ['play own repetition session', (a) => canPlayRepetition(a, own(a)), [true, true, true]],
  ['play their repetition session', (a) => canPlayRepetition(a, theirs), [false, false, false]],
  ['manage olympiads', canManageOlympiads, [false, false, true]],
  ['read payments', canReadPayments, [false, false, true]],
  // a receipt and the yearly statement: the payer's alone, whatever the role
  ['read own receipt', (a) => canReadReceipt(a, own(a)), [true, true, true]],
  ['read their receipt', (a) => canReadReceipt(a, theirs), [false, false, false]],
  // a subscription: the donor's alone, and only once it exists (not a one-off, not an unpaid checkout)
  [
    'manage own subscription',
    (a) => isOwnSubscription(a.id, { ...own(a), subscribe: 1, status: 'subscribed' }),
    [true, true, true],
  ],
  [
    'manage their subscription',
    (a) => isOwnSubscription(a.id, { ...theirs, subscribe: 1, status: 'subscribed' }),
    [false, false, false],
  ],
  [
    'manage own one-off order',
    (a) => isOwnSubscription(a.id, { ...own(a), subscribe: 0, status: 'paid' }),
    [false, false, false],
  ],
  [
    'manage own unpaid checkout',
    (a) => isOwnSubscription(a.id, { ...own(a), subscribe: 1, status: 'pending' }),
    [false, false, false],
  ],
  // «Відкритий звіт»: the month is everybody's; its expenses are entered by admins
  ['manage the open book’s expenses', canManageExpenses, [false, false, true]],
  // notifications: the recipient's alone, whatever the role
  ['read own notification', (a) => canReadNotification(a, own(a)), [true, true, true]],
  ['read their notification', (a) => canReadNotification(a, theirs), [false, false, false]],
  // progress: the learner's alone, whatever the role (it is made of the private diary)
  ['read own progress', (a) => canReadProgress(a, own(a)), [true, true, true]],
  ['read their progress', (a) => canReadProgress(a, theirs), [false, false, false]],
  // sessions: their owner's alone, whatever the role
  ['end own session', (a) => canEndSession(a, own(a)), [true, true, true]],
  ['end their session', (a) => canEndSession(a, theirs), [false, false, false]],
];

describe('policies', () => {
  it.each(table)('%s', (_name, check, expected) => {
    expect(ROLES.map((role) => check(actor(role)))).toEqual(expected);
  });

  it('send the abilities the web shows by: homework and comments', () => {
    const learner = actor('user');
    const curator = actor('moderator');
    expect(exerciseAbilities(learner, own(learner))).toEqual({ canEdit: true, canRate: false });
    expect(exerciseAbilities(curator, own(learner))).toEqual({ canEdit: false, canRate: true });
    expect(exerciseAbilities(curator, own(curator))).toEqual({ canEdit: true, canRate: false });
    expect(commentAbilities(learner, own(learner))).toEqual({ canEdit: true, canDelete: true });
    expect(commentAbilities(learner, theirs)).toEqual({ canEdit: false, canDelete: false });
    expect(commentAbilities(curator, theirs)).toEqual({ canEdit: false, canDelete: true });
  });
});
