import type { Migration, MigrationProvider } from 'kysely';
import * as accounts from './0001_accounts.js';
import * as courses from './0002_courses.js';
import * as exercises from './0003_exercises.js';
import * as chat from './0004_chat.js';
import * as payments from './0005_payments.js';
import * as game from './0006_game.js';
import * as olympiadsClubs from './0007_olympiads_clubs.js';
import * as admin from './0008_admin.js';
import * as contentVersion from './0009_content_version.js';
import * as sandboxCheckouts from './0010_sandbox_checkouts.js';
import * as uploadReservations from './0011_upload_reservations.js';
import * as taskPools from './0012_task_pools.js';
import * as notifications from './0013_notifications.js';
import * as pushSubscriptions from './0014_push_subscriptions.js';
import * as exerciseRatings from './0015_exercise_ratings.js';
import * as footprintPaymentWord from './0016_footprint_payment_word.js';
import * as nameApostrophes from './0017_name_apostrophes.js';
import * as practice from './0018_practice.js';
import * as repetition from './0019_repetition.js';
import * as certificates from './0020_certificates.js';
import * as clubAttendance from './0021_club_attendance.js';
import * as reviewQueue from './0022_review_queue.js';
import * as savedReplies from './0023_saved_replies.js';
import * as waveAnalytics from './0024_wave_analytics.js';
import * as chatModeration from './0025_chat_moderation.js';
import * as reviewVersion from './0026_review_version.js';
import * as accountEmail from './0027_account_email.js';
import * as sessionDetails from './0028_session_details.js';
import * as twoStep from './0029_two_step.js';
import * as myData from './0030_my_data.js';
import * as subscriptionChanges from './0031_subscription_changes.js';
import * as chargeFailures from './0032_charge_failures.js';
import * as openbook from './0033_openbook.js';
import * as waveContentVersion from './0034_wave_content_version.js';
import * as importIds from './0035_import_ids.js';

/** Every migration, in order; compiled in, so the built server needs no migration folder. */
const migrations: Record<string, Migration> = {
  '0001_accounts': accounts,
  '0002_courses': courses,
  '0003_exercises': exercises,
  '0004_chat': chat,
  '0005_payments': payments,
  '0006_game': game,
  '0007_olympiads_clubs': olympiadsClubs,
  '0008_admin': admin,
  '0009_content_version': contentVersion,
  '0010_sandbox_checkouts': sandboxCheckouts,
  '0011_upload_reservations': uploadReservations,
  '0012_task_pools': taskPools,
  '0013_notifications': notifications,
  '0014_push_subscriptions': pushSubscriptions,
  '0015_exercise_ratings': exerciseRatings,
  '0016_footprint_payment_word': footprintPaymentWord,
  '0017_name_apostrophes': nameApostrophes,
  '0018_practice': practice,
  '0019_repetition': repetition,
  '0020_certificates': certificates,
  '0021_club_attendance': clubAttendance,
  '0022_review_queue': reviewQueue,
  '0023_saved_replies': savedReplies,
  '0024_wave_analytics': waveAnalytics,
  '0025_chat_moderation': chatModeration,
  '0026_review_version': reviewVersion,
  '0027_account_email': accountEmail,
  '0028_session_details': sessionDetails,
  '0029_two_step': twoStep,
  '0030_my_data': myData,
  '0031_subscription_changes': subscriptionChanges,
  '0032_charge_failures': chargeFailures,
  '0033_openbook': openbook,
  '0034_wave_content_version': waveContentVersion,
  '0035_import_ids': importIds,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
