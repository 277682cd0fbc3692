import type { ChatReportReason, NotificationCategory, Role } from '@yedyni/contract';
import type { Generated, Selectable } from 'kysely';

/** Instants are milliseconds since the epoch (bigint columns), money is integer kopiykas. */
export interface UsersTable {
  id: string;
  first_name: string;
  last_name: string;
  /** Lower-cased; unique. */
  email: string;
  /** argon2id; empty for the root account, which never signs in. */
  password_hash: string;
  role: Role;
  inviter_id: string | null;
  created_at: number;
  /** Український слід: the running total of the footprint ledger. */
  mark: number;
  /** Names and email in lower case, for the admin console's search (set on insert). */
  search: Generated<string>;
  /** When the address was confirmed by its mailed link; null until then (0027). */
  email_verified_at: number | null;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** When the session was last used, written at most once a minute (features/auth/service.ts). */
  last_seen_at: number;
  /** Browser and system from the sign-in's user agent («Chrome 126 · Android 14»); null if unknown. */
  device: string | null;
  /** 'mobile' | 'tablet' | 'desktop' | 'tv', as bowser names the platform; null if unknown. */
  device_kind: string | null;
  /** The network part of the sign-in address only («203.0.x.x»); never the whole address. */
  place: string | null;
}

export interface PasswordResetsTable {
  /** sha256 of the token mailed to the user; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** Mailed links that confirm an address (0027): at registration (`verify`) or for a change (`change`). */
export interface EmailTokensTable {
  /** sha256 of the token in the mail; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  purpose: 'verify' | 'change';
  /** The address the link was sent to, and which it confirms. */
  email: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A person's two-step sign-in (migration 0029); a row without `enabled_at` is a set-up not yet confirmed. */
export interface TwoStepTable {
  user_id: string;
  /** The TOTP secret, encrypted (features/auth/two-step-keys.ts); never sent after set-up. */
  secret: string;
  enabled_at: number | null;
  /** The last 30-second step a code was accepted for: codes of it and earlier ones are refused. */
  last_step: number | null;
  created_at: number;
}

export interface TwoStepRecoveryCodesTable {
  user_id: string;
  /** A keyed hash of the code (HMAC-SHA256); the code itself is shown once and never stored. */
  code_hash: string;
  used_at: number | null;
}

/** A sign-in between the password and the code: no session exists until the code is right. */
export interface TwoStepTicketsTable {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface MarkEntriesTable {
  id: string;
  user_id: string;
  date: number;
  points: number;
  comment: string;
  final_value: number;
  /** What caused the row; unique, so a retried cause never counts twice. */
  source_key: string;
}

export interface CoursesTable {
  id: string;
  /** The content folder's name; import and export match courses by it. */
  slug: string;
  title: string;
  description: string;
  /** 1 when registration enrols every new learner. */
  starter: number;
  position: number;
  /** As last persisted; readers apply the rollover rule on top (see rollWaves). */
  current_wave: string;
  next_wave: string | null;
  created_at: number;
  /** Goes up, by trigger, with every change to the course's lessons or lesson schedules. */
  content_version: Generated<number>;
  /** The reply time curators aim at for this course's homework, in hours (migration 0022). */
  reply_target_hours: Generated<number>;
}

export interface CourseWavesTable {
  course_id: string;
  label: string;
  start: number;
}

/** A course as read from the database. */
export type CourseRow = Selectable<CoursesTable>;
export type ChatMessageRow = Selectable<ChatMessagesTable>;

export interface LessonsTable {
  course_id: string;
  day: number;
  theme: string;
  image: string;
  /** Sanitized on write. */
  content_html: string;
  theory_html: string;
  practice_html: string;
  /** JSON: string[] */
  audio: string;
  /** JSON: { title, url }[] */
  video: string;
  /** JSON: { question, options, answer, explanation }[]; answers never leave the server unasked. */
  test: string;
  diary_prompt: string;
  /** The editor's Markdown sources; null when the lesson was written as HTML. */
  content_md: string | null;
  theory_md: string | null;
  practice_md: string | null;
}

export interface LessonSchedulesTable {
  course_id: string;
  wave: string;
  day: number;
  scheduled_date: number;
}

export interface EnrollmentsTable {
  user_id: string;
  course_id: string;
  wave: string;
  enrolled_at: number;
}

export interface DiaryEntriesTable {
  id: string;
  user_id: string;
  course_id: string;
  day: number;
  date: string;
  entry: string;
  plan: string;
  test: number | null;
  test_version: number;
  created_at: number;
  updated_at: number;
}

export interface FilesTable {
  id: string;
  storage_key: string;
  owner_id: string;
  /** Decided from the content, never from the name or the upload's header. */
  mime: string;
  /** The uploader's file name, shown and offered on download. */
  name: string;
  size: number;
  created_at: number;
  /** A chat upload stays unclaimed until a message takes it (and is swept after a day if none does). */
  purpose: Generated<'exercise' | 'chat'>;
}

/** Quota room held by an upload still arriving (migration 0010). */
export interface UploadReservationsTable {
  id: string;
  owner_id: string;
  bytes: number;
  created_at: number;
}

export interface ExercisesTable {
  id: string;
  user_id: string;
  course_id: string;
  day: number;
  homework: string;
  file_id: string | null;
  status: 'active' | 'inactive';
  rating: number | null;
  rating_version: number;
  created_at: number;
  updated_at: number;
  /** When it last began waiting for a curator (hand-in, edit, the learner's comment); null when answered. */
  waiting_since: number | null;
  /** When a curator last answered it (comment or rating): the history's order. */
  reviewed_at: number | null;
  /** The curator reviewing it, while claim_until is in the future (a lapsed claim is no claim). */
  claimed_by: string | null;
  claim_until: number | null;
}

/** A curator's first answer to waiting work: the reply-time report's rows (migration 0022). */
/** An expense an admin entered for «Відкритий звіт» (migration 0033). */
export interface OpenbookExpensesTable {
  id: string;
  request_key: string;
  /** Kyiv date 'YYYY-MM-DD'. */
  spent_on: string;
  amount_kop: number;
  category: string;
  title: string;
  note: string;
  version: number;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

export interface HomeworkRepliesTable {
  id: string;
  exercise_id: string;
  course_id: string;
  wave: string;
  curator_id: string;
  waited_from: number;
  replied_at: number;
}

/** A homework's last rating and what it replaced, while its curator may still withdraw it (migration 0015). */
export interface ExerciseRatingsTable {
  exercise_id: string;
  curator_id: string;
  rating_version: number;
  rating: number;
  rated_at: number;
  previous_rating: number | null;
  previous_status: 'active' | 'inactive';
  previous_updated_at: number;
  previous_waiting_since: number | null;
}

export interface ExerciseCommentsTable {
  id: string;
  exercise_id: string;
  author_id: string;
  comment: string;
  file_id: string | null;
  is_read: number;
  /** JSON array of the contract's MISTAKE_TAGS ids the curator named; '[]' for none. */
  tags: string;
  created_at: number;
  updated_at: number;
}

/** A curator's saved reply: private to its author, or shared (1) with every curator. */
export interface SavedRepliesTable {
  id: string;
  author_id: string;
  title: string;
  text: string;
  /** JSON array of MISTAKE_TAGS ids. */
  tags: string;
  shared: number;
  created_at: number;
  updated_at: number;
}

export interface ChatMessagesTable {
  id: string;
  course_id: string;
  wave: string;
  sender_id: string;
  /** Trimmed; may be empty when a file is attached. */
  text: string;
  file_id: string | null;
  date: number;
  edited_at: number | null;
  /** Hidden by members' reports until a curator decides (docs/domain.md «Chat»). */
  hidden_at: Generated<number | null>;
}

export interface ChatReportsTable {
  message_id: string;
  reporter_id: string;
  reason: ChatReportReason;
  /** The reporter's own words; '' when none. */
  text: string;
  created_at: number;
}

export interface ChatRoomsTable {
  course_id: string;
  wave: string;
  /** One message per this many seconds per member; 0 when slow mode is off. */
  slow_seconds: Generated<number>;
  pinned_message_id: string | null;
}

export interface ChatMutesTable {
  course_id: string;
  wave: string;
  user_id: string;
  until: number;
  reason: string;
  muted_by: string;
}

/** A monthly order: pending → subscribed (→ paused) → unsubscribed; a resumed pause ends unsubscribed, its new order going on. */
export type OrderStatus = 'pending' | 'paid' | 'failed' | 'subscribed' | 'paused' | 'unsubscribed';

export interface PaymentOrdersTable {
  order_id: string;
  user_id: string;
  /** 1 for a monthly subscription. */
  subscribe: number;
  amount_kop: number;
  /** The donor's comment. */
  info: string;
  status: OrderStatus;
  offer_accepted_at: number;
  created_at: number;
  subscribed_at: number | null;
  unsubscribed_at: number | null;
  /** When the current run of failed monthly charges began; null once a charge succeeds. */
  charge_failed_at: number | null;
  /** The order a one-click restart made in this one's place (the latest). */
  restarted_to: string | null;
  /** A pause (migration 0031): when it began at the provider, and the date the donor is asked to resume. */
  paused_at: number | null;
  resume_at: number | null;
  /** The paused subscription this order's checkout resumes. */
  resumes_order_id: string | null;
  /**
   * The provider call in flight (`amount` or `pause`), its target, and since when: one request
   * at a time makes it; a callback that arrives meanwhile is read as its echo.
   */
  pending_change: 'amount' | 'pause' | null;
  pending_amount_kop: number | null;
  pending_resume_at: number | null;
  pending_since: number | null;
}

/** What happened to a subscription at its donor's request or the provider's word (migration 0031). */
export interface SubscriptionEventsTable {
  id: string;
  order_id: string;
  kind: 'amount_changed' | 'paused' | 'resumed' | 'cancelled';
  at: number;
  from_kop: number | null;
  to_kop: number | null;
  /** A pause's resume date. */
  until: number | null;
  /** A resumed pause: the order that continues it. */
  other_order_id: string | null;
}

export interface PaymentsTable {
  id: string;
  /** The provider's id of this charge. */
  payment_id: string;
  order_id: string;
  user_id: string;
  /** `pay`, `subscribe` (a subscription's first charge) or `regular`. */
  action: string;
  amount_kop: number;
  description: string;
  info: string;
  end_date: number;
  card_mask: string;
  created_at: number;
  reversed_at: number | null;
}

export interface PaymentCallbacksTable {
  id: string;
  received_at: number;
  data: string;
  signature: string;
  order_id: string | null;
  payment_id: string | null;
  action: string | null;
  status: string | null;
  outcome: string;
}

export interface LiqpaySandboxSubscriptionsTable {
  order_id: string;
  /** JSON of the checkout parameters. */
  params: string;
  charges: number;
  /** Failed attempts in a row since the last success (`npm run sandbox -- fail`). */
  failures: Generated<number>;
  unsubscribed_at: number | null;
}

export interface LiqpaySandboxCheckoutsTable {
  order_id: string;
  /** `pay` or `decline`: the first submission's, which stands. */
  choice: string;
  completed_at: number;
}

export interface GameTasksTable {
  id: string;
  type: string;
  level: number;
  topic: string;
  /** JSON of the authored task, right answers included. */
  body: string;
  active: number;
  /** `game` (dealt in rounds) or `olympiad` (drawn for olympiads only); the body's `pool` too. */
  pool: string;
  updated_at: number;
}

/** One player's dealt tasks against a deadline, then the score: a game round and an olympiad attempt. */
interface DealtTasksColumns {
  user_id: string;
  /** JSON: [{ id, layout }] — the tasks in order, as laid out for this player. */
  tasks: string;
  started_at: number;
  deadline: number;
  finished_at: number | null;
  score: number | null;
  /** JSON of the TaskResult list, once scored. */
  results: string | null;
}

export interface GameRoundsTable extends DealtTasksColumns {
  id: string;
}

export interface OlympiadsTable {
  id: string;
  title: string;
  description: string;
  starts_at: number;
  ends_at: number;
  duration_ms: number;
  task_ids: string;
  created_at: number;
  /** When its participants' mistakes became «Повторення» cards (once, after the end); null before. */
  mistakes_carded_at: number | null;
}

export interface OlympiadAttemptsTable extends DealtTasksColumns {
  olympiad_id: string;
}

export interface ClubsTable {
  id: string;
  title: string;
  description: string;
  city: string;
  place: string;
  link: string;
  host: string;
  starts_at: number;
  duration_min: number;
  capacity: number;
  seats_taken: number;
  created_at: number;
}

export interface ClubSignupsTable {
  club_id: string;
  user_id: string;
  created_at: number;
  /** When the console marked the person present; null until then. */
  present_at: number | null;
  marked_by: string | null;
}

/** The first time a learner opened a lesson (migration 0024). */
export interface LessonOpensTable {
  user_id: string;
  course_id: string;
  wave: string;
  day: number;
  opened_at: number;
}

/** A learner's standing nudge from a curator: at most one per NUDGE_DAYS (migration 0024). */
export interface LearnerNudgesTable {
  user_id: string;
  course_id: string;
  wave: string;
  nudged_by: string | null;
  nudged_at: number;
}

export interface PracticeEventsTable {
  source_key: string;
  user_id: string;
  /** Kyiv date 'YYYY-MM-DD'. */
  day: string;
  kind: string;
  ref: string | null;
  at: number;
}

/** A learner's «Повторення» card: a mistake of theirs, with ts-fsrs' Card state (instants in ms). */
export interface RepetitionCardsTable {
  id: string;
  user_id: string;
  /** `task:<taskId>` or `selftest:<courseId>:<day>:<questionIndex>`; unique per learner. */
  card_key: string;
  source: 'task' | 'selftest';
  ref: string;
  due: number;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
  state: number;
  last_review: number | null;
  created_at: number;
}

/** One grading of a card (FSRS history). */
export interface RepetitionLogsTable {
  id: string;
  card_id: string;
  /** Null for a mistake made again outside «Повторення». */
  session_id: string | null;
  /** ts-fsrs Rating: 1 again, 2 hard, 3 good. */
  rating: number;
  state: number;
  due_before: number;
  due_after: number;
  reviewed_at: number;
}

/** A «Повторення» session: the cards dealt, then the score (like a game round, without a deadline). */
export interface RepetitionSessionsTable {
  id: string;
  user_id: string;
  /** JSON: [{ cardId, key, layout }]. */
  tasks: string;
  started_at: number;
  finished_at: number | null;
  score: number | null;
  /** JSON of the TaskResult list, once scored. */
  results: string | null;
}

export interface PracticeGoalsTable {
  user_id: string;
  lessons: number;
  repetitions: number;
  updated_at: number;
}

/** A course's certificate criteria (features/certificates); no row: certificates off. */
export interface CertificateCriteriaTable {
  course_id: string;
  enabled: number;
  diary_days: number;
  all_homework: number;
  self_tests: number;
  updated_at: number;
}

/** A certificate: what it certifies is a snapshot taken when it was issued. */
export interface CertificatesTable {
  /** 10 characters of Crockford's base32; the public page's address. */
  id: string;
  user_id: string;
  course_id: string;
  wave: string;
  name: string;
  course_title: string;
  issued_at: number;
  revoked_at: number | null;
  revoked_reason: string | null;
  /** When the learner was told of it; null until the notifications' tick gets to it. */
  told_at: number | null;
}

/** A wave the certificate sweep has done (its claim, too: the first instance to insert it issues). */
export interface CertificateWavesTable {
  course_id: string;
  wave: string;
  issued: number;
  swept_at: number;
}

export interface AuditLogTable {
  id: string;
  /** Null for the operator's command line. */
  actor_id: string | null;
  action: string;
  target: string;
  summary: string;
  /** JSON. */
  details: string;
  created_at: number;
}

/** One browser's Web Push subscription (features/notifications/push.ts). */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  /** The push service's address for this browser; unique. */
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), to encrypt for it (RFC 8291). */
  p256dh: string;
  auth: string;
  /** Shown to tell devices apart; cut to 300 characters. */
  user_agent: string;
  created_at: number;
  /** Last confirmed by its browser or delivered to; the least recent goes first past the limit. */
  last_used_at: number;
}

/** One thing a person is told about; unique per (user_id, key), the event's idempotency key. */
export interface NotificationsTable {
  id: string;
  user_id: string;
  category: NotificationCategory;
  key: string;
  title: string;
  body: string;
  /** A path inside the app (`/uk/…`). */
  link: string;
  /** What it is about (`exercise:<id>`): opening that marks it read. */
  subject: string | null;
  /** Who caused it, when a person did (a curator's comment or rating). */
  actor_id: string | null;
  /** The mail as JSON `{ subject, text, html }`, or null when the event sends none. */
  email: string | null;
  created_at: number;
  read_at: number | null;
}

/** The outbox: one row per channel a notification goes out on besides the app. */
export interface NotificationDeliveriesTable {
  id: string;
  notification_id: string;
  channel: 'email' | 'push';
  status: 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';
  due_at: number;
  /** Past this instant it is not worth sending any more (a club reminder after the club). */
  expires_at: number | null;
  /** When its send job was queued; null while it waits for its time (the minute tick queues it). */
  queued_at: number | null;
  attempts: number;
  /** While `sending`: until when the sender holds it (wall time); after that another may take it. */
  lease_until: number | null;
  last_error: string | null;
  sent_at: number | null;
}

export interface NotificationPreferencesTable {
  user_id: string;
  /** The contract's NotificationPreferences as JSON. */
  preferences: string;
  updated_at: number;
}

/** The embedded job queue (SQLite only; PostgreSQL uses pg-boss). */
export interface JobsTable {
  id: string;
  name: string;
  /** JSON. */
  data: string;
  state: 'waiting' | 'active' | 'done' | 'failed';
  run_after: number;
  attempts: number;
  lease_until: number | null;
  last_error: string | null;
  created_at: number;
}

/** One row (id 1): raised by triggers with every change the review queue and history show (migration 0026). */
export interface ReviewVersionTable {
  id: number;
  version: number;
}

/** A person's data export, one at a time (migration 0030): being made, ready until `expires_at`, or failed. */
export interface DataExportsTable {
  user_id: string;
  state: 'making' | 'ready' | 'failed';
  /** The archive in the private exports store; null until made. */
  storage_key: string | null;
  size: number | null;
  requested_at: number;
  ready_at: number | null;
  expires_at: number | null;
}

/** A requested account deletion (migration 0030): done after `due_at` unless the person signs in first. */
export interface AccountDeletionsTable {
  user_id: string;
  requested_at: number;
  due_at: number;
  /** When the account was anonymised; the row stays as the record that it was. */
  done_at: number | null;
}

/** Old ids of what `import-original` brought in, per kind, and their new ids (migration 0035). */
export interface ImportIdsTable {
  kind: string;
  old_id: string;
  new_id: string;
  imported_at: number;
}

export interface Database {
  review_version: ReviewVersionTable;
  audit_log: AuditLogTable;
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  email_tokens: EmailTokensTable;
  two_step: TwoStepTable;
  two_step_recovery_codes: TwoStepRecoveryCodesTable;
  two_step_tickets: TwoStepTicketsTable;
  mark_entries: MarkEntriesTable;
  courses: CoursesTable;
  course_waves: CourseWavesTable;
  certificate_criteria: CertificateCriteriaTable;
  certificates: CertificatesTable;
  certificate_waves: CertificateWavesTable;
  lessons: LessonsTable;
  lesson_schedules: LessonSchedulesTable;
  enrollments: EnrollmentsTable;
  diary_entries: DiaryEntriesTable;
  files: FilesTable;
  upload_reservations: UploadReservationsTable;
  exercises: ExercisesTable;
  exercise_comments: ExerciseCommentsTable;
  saved_replies: SavedRepliesTable;
  exercise_ratings: ExerciseRatingsTable;
  homework_replies: HomeworkRepliesTable;
  chat_messages: ChatMessagesTable;
  chat_reports: ChatReportsTable;
  chat_rooms: ChatRoomsTable;
  chat_mutes: ChatMutesTable;
  payment_orders: PaymentOrdersTable;
  payments: PaymentsTable;
  payment_callbacks: PaymentCallbacksTable;
  subscription_events: SubscriptionEventsTable;
  liqpay_sandbox_subscriptions: LiqpaySandboxSubscriptionsTable;
  liqpay_sandbox_checkouts: LiqpaySandboxCheckoutsTable;
  game_tasks: GameTasksTable;
  game_rounds: GameRoundsTable;
  olympiads: OlympiadsTable;
  olympiad_attempts: OlympiadAttemptsTable;
  clubs: ClubsTable;
  club_signups: ClubSignupsTable;
  practice_events: PracticeEventsTable;
  lesson_opens: LessonOpensTable;
  learner_nudges: LearnerNudgesTable;
  practice_goals: PracticeGoalsTable;
  repetition_cards: RepetitionCardsTable;
  repetition_logs: RepetitionLogsTable;
  repetition_sessions: RepetitionSessionsTable;
  push_subscriptions: PushSubscriptionsTable;
  notifications: NotificationsTable;
  notification_deliveries: NotificationDeliveriesTable;
  notification_preferences: NotificationPreferencesTable;
  jobs: JobsTable;
  data_exports: DataExportsTable;
  account_deletions: AccountDeletionsTable;
  openbook_expenses: OpenbookExpensesTable;
  import_ids: ImportIdsTable;
}
