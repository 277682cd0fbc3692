import {
  addIsoDays,
  computeStreak,
  computeTeamStreak,
  type DailyGoal,
  DEFAULT_DAILY_GOAL,
  HABIT_MESSAGES,
  type HabitSummary,
  kyivDayRange,
  kyivIsoDate,
  kyivParts,
  LESSON_PRACTICE,
  REPETITION_PRACTICE,
  STREAK_REMINDER_HOUR,
  type StreakWave,
  waveCalendar,
} from '@yedyni/contract';
import type { SelectQueryBuilder } from 'kysely';
import type { Clock } from '../../infra/clock.js';
import type { Database, Db, Executor } from '../../infra/db/index.js';
import { AppError } from '../../infra/errors.js';
import type { Actor } from '../auth/index.js';
import { canKeepHabit } from './policy.js';
import { practiceDays } from './practice.js';

/**
 * How far back the streak is read: long enough for any run a 28-day wave makes (and several after
 * it), short enough that the evening reminder reads a bounded slice for everybody at once.
 */
export const STREAK_HISTORY_DAYS = 120;
/**
 * The reminder's candidates practised within this many days before today: a running streak with
 * nothing today practised yesterday, or has had its missed days since then frozen (two per wave,
 * so a week covers even a learner in three waves at once).
 */
const REMINDER_LOOKBACK_DAYS = 7;
const WEEK_DAYS = 7;
const REMINDER_SLICE = 500;

/** A wave of the learner as the courses know it (services.ts asks CoursesService). */
export interface LearnerWave {
  courseId: string;
  wave: string;
  /** The wave's first instant. */
  start: number;
  /** When the learner joined it. */
  enrolledAt: number;
}

/** The «Серія під загрозою» reminder, sent through the notifications (services.ts adapts it). */
export interface StreakReminder {
  userId: string;
  key: string;
  title: string;
  body: string;
  link: string;
  expiresAt: number;
}

/**
 * What the habit needs of other features, given as functions by the composition root: every
 * feature records practice through habit's index, so habit importing any of them would be a cycle.
 */
export interface HabitDeps {
  db: Db;
  clock: Clock;
  /** Each of these learners' waves, for the freezes each gives: one query for any number of people. */
  waves(userIds: string[]): Promise<Map<string, LearnerWave[]>>;
  /** The learner's team (the people they invited), as a subquery of their ids. */
  team(userId: string): SelectQueryBuilder<Database, 'users', { id: string }>;
  /** Cards of «Повторення» due now. */
  dueCards(userId: string): Promise<number>;
  /** Of these people, those with no `key` notification yet who keep the `streak` category on. */
  reachable(userIds: string[], key: string): Promise<string[]>;
  /** Records the reminder (in-app, and push/e-mail as the person's preferences say), in `trx`. */
  remind(trx: Executor, reminder: StreakReminder): Promise<boolean>;
}

/**
 * The daily habit read from the practice every feature records: the streak and its freezes, the
 * team streak, the daily goal and today's progress, and the evening reminder. Nothing is stored
 * but the practice rows and the goal, so what home shows is right whenever it is read.
 */
export class HabitService {
  constructor(private readonly deps: HabitDeps) {}

  /**
   * Home's habit card: five queries at once, whatever the size of the team (home is the first
   * screen of every day, and on PostgreSQL each query is a round trip and a socket write: issue 23).
   */
  async summary(actor: Actor): Promise<HabitSummary> {
    const { db, clock } = this.deps;
    const today = kyivIsoDate(clock.now());
    const since = addIsoDays(today, -STREAK_HISTORY_DAYS);
    const [waves, goal, dueCards, own, teamRows] = await Promise.all([
      this.deps.waves([actor.id]).then((byUser) => byUser.get(actor.id) ?? []),
      this.goalOf(actor.id),
      this.deps.dueCards(actor.id),
      // My practice days, and today's events one by one (the other days' columns are null, so
      // DISTINCT folds each of those into one row).
      db
        .selectFrom('practice_events')
        .select((eb) => [
          'day',
          eb.case().when('day', '=', today).then(eb.ref('source_key')).end().as('event'),
          eb.case().when('day', '=', today).then(eb.ref('kind')).end().as('kind'),
          eb.case().when('day', '=', today).then(eb.ref('ref')).end().as('ref'),
        ])
        .distinct()
        .where('user_id', '=', actor.id)
        .where('day', '>=', since)
        .execute(),
      // Every member of my team with each of their practice days (a member with none: one row, no day).
      db
        .selectFrom(this.deps.team(actor.id).as('m'))
        .leftJoin('practice_events as p', (join) => join.onRef('p.user_id', '=', 'm.id').on('p.day', '>=', since))
        .select(['m.id', 'p.day'])
        .distinct()
        .execute(),
    ]);
    const mine = [...new Set(own.map((row) => row.day))];
    const todays = own.filter((row) => row.event !== null);
    const streak = computeStreak({ days: mine, waves: streakWaves(waves), today });
    const members = new Set(teamRows.map((row) => row.id)).size;
    const teamDays = teamRows.flatMap((row) => (row.day ? [row.day] : []));
    const lessons = new Set(
      todays.filter((e) => e.kind !== null && isOf(LESSON_PRACTICE, e.kind) && e.ref).map((e) => e.ref),
    );
    return {
      today,
      streak: {
        current: streak.current,
        best: streak.best,
        todayDone: streak.todayDone,
        freezesLeft: streak.freezesLeft,
      },
      team: members > 0 ? { current: computeTeamStreak(mine, teamDays, today), members } : null,
      goal,
      done: {
        lessons: lessons.size,
        repetitions: todays.filter((e) => e.kind !== null && isOf(REPETITION_PRACTICE, e.kind)).length,
      },
      dueCards,
      week: waveCalendar({
        startDay: addIsoDays(today, 1 - WEEK_DAYS),
        today,
        streak,
        days: mine,
        since: joinedOn(waves),
        length: WEEK_DAYS,
      }),
    };
  }

  async goal(actor: Actor): Promise<DailyGoal> {
    return this.goalOf(actor.id);
  }

  /** Saves the caller's daily goal (validated by the route's dailyGoalSchema). */
  async setGoal(actor: Actor, goal: DailyGoal): Promise<DailyGoal> {
    if (!canKeepHabit(actor, actor.id)) throw new AppError(403, 'Недостатньо прав');
    const now = this.deps.clock.now();
    await this.deps.db
      .insertInto('practice_goals')
      .values({ user_id: actor.id, lessons: goal.lessons, repetitions: goal.repetitions, updated_at: now })
      .onConflict((c) =>
        c.column('user_id').doUpdateSet({ lessons: goal.lessons, repetitions: goal.repetitions, updated_at: now }),
      )
      .execute();
    return this.goalOf(actor.id);
  }

  /**
   * «Серія під загрозою» (a NotificationService tick source): within STREAK_REMINDER_HOUR Kyiv, to
   * each person whose streak is running and who has not practised today, once a day (`streak:<date>`).
   * It expires at the day's end, so quiet hours drop it rather than send it at night. Set-based: one
   * query finds who practised lately but not today, one reads all their days.
   */
  async remindAtRisk(now: number): Promise<number> {
    // Within the reminder's hour only: each minute's tick tells whoever the earlier ones have not,
    // and the week of practice it scans is not read again for the rest of the evening.
    if (kyivParts(now).hour !== STREAK_REMINDER_HOUR) return 0;
    const { db } = this.deps;
    const today = kyivIsoDate(now);
    const key = `streak:${today}`;
    const recent = await db
      .selectFrom('practice_events as p')
      .select('p.user_id')
      .distinct()
      .where('p.day', '>=', addIsoDays(today, -REMINDER_LOOKBACK_DAYS))
      .where('p.day', '<', today)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('practice_events as t')
              .select('t.user_id')
              .whereRef('t.user_id', '=', 'p.user_id')
              .where('t.day', '=', today),
          ),
        ),
      )
      .execute();
    const ids = recent.map((r) => r.user_id);
    let told = 0;
    // In slices, so the bound ids stay under SQLite's limit; each slice is three queries, not one per person.
    for (let i = 0; i < ids.length; i += REMINDER_SLICE) {
      const candidates = await this.deps.reachable(ids.slice(i, i + REMINDER_SLICE), key);
      if (candidates.length === 0) continue;
      const [days, waves] = await Promise.all([
        practiceDays(db, candidates, addIsoDays(today, -STREAK_HISTORY_DAYS)),
        this.deps.waves(candidates),
      ]);
      for (const userId of candidates) {
        const streak = computeStreak({
          days: days.get(userId) ?? [],
          waves: streakWaves(waves.get(userId) ?? []),
          today,
        });
        if (streak.current === 0 || streak.todayDone) continue;
        const sent = await db.transaction().execute((trx) =>
          this.deps.remind(trx, {
            userId,
            key,
            title: HABIT_MESSAGES.reminderTitle(streak.current),
            body: HABIT_MESSAGES.reminderBody,
            link: '/uk',
            expiresAt: kyivDayRange(now).end,
          }),
        );
        if (sent) told += 1;
      }
    }
    return told;
  }

  private async goalOf(userId: string): Promise<DailyGoal> {
    const row = await this.deps.db
      .selectFrom('practice_goals')
      .select(['lessons', 'repetitions'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? { lessons: row.lessons, repetitions: row.repetitions } : DEFAULT_DAILY_GOAL;
  }
}

/** Whether a stored kind is one of these (the column is a plain string). */
const isOf = (kinds: readonly string[], kind: string) => kinds.includes(kind);

/** A wave's freezes belong to it by course and label; it runs from its start's Kyiv date. */
/** The Kyiv day the learner first joined a wave: the days before it are not theirs to have missed. */
function joinedOn(waves: LearnerWave[]): string | undefined {
  const first = Math.min(...waves.map((w) => w.enrolledAt));
  return Number.isFinite(first) ? kyivIsoDate(first) : undefined;
}

/** The learner's waves as the streak counts them (each gives its freezes); progress shares it. */
export function streakWaves(waves: LearnerWave[]): StreakWave[] {
  return waves
    .filter((w) => w.start > 0)
    .map((w) => ({ key: `${w.courseId}:${w.wave}`, startDay: kyivIsoDate(w.start) }));
}
