import { z } from 'zod';
import { todayCoursesSchema } from './courses.js';
import { plural } from './numbers.js';

/**
 * The daily habit (docs/domain.md, «The daily habit»): a Kyiv day counts when the learner did real
 * practice; a streak is a run of such days, kept over a missed day by a «світлий день» (freeze).
 * Days are Kyiv calendar dates, 'YYYY-MM-DD', never instants: a day is a day whatever daylight
 * saving does to its length.
 */

/** A course wave lasts this many Kyiv days; its calendar shows them. */
export const WAVE_DAYS = 28;
/** «Світлі дні»: missed days a wave forgives, used automatically (power cuts happen). */
export const STREAK_FREEZES_PER_WAVE = 2;
/** The «streak at risk» reminder comes at this Kyiv hour, when nothing was done that day. */
export const STREAK_REMINDER_HOUR = 20;

/**
 * What counts as practice. `diary`, `selftest` and `homework` name a lesson (they are the goal's
 * «уроки»); `game` and `repetition` (a session of «Повторення») are the goal's «повторення»; `club` counts for the streak only.
 */
export const PRACTICE_KINDS = ['diary', 'selftest', 'homework', 'game', 'repetition', 'club'] as const;
export type PracticeKind = (typeof PRACTICE_KINDS)[number];
export const LESSON_PRACTICE: readonly PracticeKind[] = ['diary', 'selftest', 'homework'];
export const REPETITION_PRACTICE: readonly PracticeKind[] = ['game', 'repetition'];

/** The daily goal: lessons (diary, self-test or homework on a lesson) and repetitions (a «Повторення» session or a game round). */
export const GOAL_MAX = 3;
export const dailyGoalSchema = z
  .object({
    lessons: z
      .number({ error: 'Мета: кількість уроків — ціле число від 0 до 3' })
      .int('Мета: кількість уроків — ціле число від 0 до 3')
      .min(0, 'Мета: кількість уроків — ціле число від 0 до 3')
      .max(GOAL_MAX, 'Мета: кількість уроків — ціле число від 0 до 3'),
    repetitions: z
      .number({ error: 'Мета: кількість повторень — ціле число від 0 до 3' })
      .int('Мета: кількість повторень — ціле число від 0 до 3')
      .min(0, 'Мета: кількість повторень — ціле число від 0 до 3')
      .max(GOAL_MAX, 'Мета: кількість повторень — ціле число від 0 до 3'),
  })
  .refine((goal) => goal.lessons + goal.repetitions > 0, {
    message: 'Мета: оберіть хоча б один урок або одне повторення',
    path: ['lessons'],
  })
  .meta({ id: 'DailyGoal' });
export type DailyGoal = z.infer<typeof dailyGoalSchema>;
export const DEFAULT_DAILY_GOAL: DailyGoal = { lessons: 1, repetitions: 1 };
/** The goals offered as one tap; any other within the schema is accepted too. */
export const GOAL_PRESETS: readonly { title: string; goal: DailyGoal }[] = [
  { title: 'Легко', goal: { lessons: 1, repetitions: 0 } },
  { title: 'Звично', goal: { lessons: 1, repetitions: 1 } },
  { title: 'Серйозно', goal: { lessons: 2, repetitions: 2 } },
];

/** A Kyiv date 'YYYY-MM-DD' moved by whole days (calendar arithmetic: no hours, no DST). */
export function addIsoDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

/** Whole calendar days from one Kyiv date to another (negative when `to` is earlier). */
export function isoDaysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A wave as the streak sees it: the Kyiv date of its first day, and a key to tell waves apart. */
export interface StreakWave {
  key: string;
  startDay: string;
}

export interface StreakInput {
  /** Kyiv dates with practice (any order, repeats allowed). */
  days: Iterable<string>;
  /** The learner's waves: each gives STREAK_FREEZES_PER_WAVE freezes for its WAVE_DAYS days. */
  waves: readonly StreakWave[];
  /** Today's Kyiv date. */
  today: string;
}

export interface Streak {
  /** The run of days that ends today, or yesterday while today is still open. */
  current: number;
  best: number;
  todayDone: boolean;
  /** Missed days a freeze covered. */
  frozen: string[];
  /** Freezes still unused in the waves that run today. */
  freezesLeft: number;
}

/**
 * The streak, computed from the practice days alone, so it is right whenever it is read (no
 * midnight job, no state to drift). Walking from the first practice day to yesterday: a practised
 * day adds one; a missed day while a run is going is frozen when a wave that runs that day (the
 * earliest first) still has a freeze, and keeps the run without adding; any other missed day ends
 * the run. Today adds one once practised and, until then, is still open: it never breaks a run.
 */
export function computeStreak({ days, waves, today }: StreakInput): Streak {
  // Whole day numbers, not strings: home reads this on every visit, and a wave's check per day
  // stays a subtraction (a string date per day cost more than the database's part of the summary).
  const end = dayNumber(today);
  const practised = new Set<number>();
  let first = end;
  for (const day of days) {
    const n = dayNumber(day);
    practised.add(n);
    if (n < first) first = n;
  }
  const ordered = waves.map((w) => ({ key: w.key, start: dayNumber(w.startDay) })).sort((a, b) => a.start - b.start);
  const used = new Map<string, number>();
  const runningOn = (day: number) => ordered.filter((w) => w.start <= day && day - w.start < WAVE_DAYS);
  const frozen: string[] = [];
  let run = 0;
  let best = 0;
  for (let day = first; day < end; day++) {
    if (practised.has(day)) {
      run += 1;
    } else if (run > 0) {
      const wave = runningOn(day).find((w) => (used.get(w.key) ?? 0) < STREAK_FREEZES_PER_WAVE);
      if (wave) {
        used.set(wave.key, (used.get(wave.key) ?? 0) + 1);
        frozen.push(isoDayOf(day));
      } else {
        run = 0;
      }
    }
    best = Math.max(best, run);
  }
  const todayDone = practised.has(end);
  if (todayDone) run += 1;
  best = Math.max(best, run);
  const freezesLeft = runningOn(end).reduce((sum, w) => sum + STREAK_FREEZES_PER_WAVE - (used.get(w.key) ?? 0), 0);
  return { current: run, best, todayDone, frozen, freezesLeft };
}

/** A Kyiv date as whole days since 1970-01-01 (calendar days: no hours, no DST). */
function dayNumber(isoDate: string): number {
  return Math.round(Date.parse(`${isoDate}T00:00:00Z`) / 86_400_000);
}

function isoDayOf(dayNumber: number): string {
  return new Date(dayNumber * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The team streak: a run of Kyiv days on which I and at least one person of my team (those I
 * invited) practised — practising together, not one of us carrying the rest. No freezes; today
 * stays open until it counts, as in the personal streak.
 */
export function computeTeamStreak(myDays: Iterable<string>, teamDays: Iterable<string>, today: string): number {
  const mine = new Set(myDays);
  const together = new Set([...teamDays].filter((d) => mine.has(d)));
  let day = together.has(today) ? today : addIsoDays(today, -1);
  let run = 0;
  while (together.has(day)) {
    run += 1;
    day = addIsoDays(day, -1);
  }
  return run;
}

export const CALENDAR_STATES = ['done', 'missed', 'frozen', 'today', 'future', 'before'] as const;
export type CalendarState = (typeof CALENDAR_STATES)[number];

/**
 * A wave's WAVE_DAYS days, each done, missed, frozen, today (not yet done), still ahead, or before
 * the learner joined (`since`, their first Kyiv day there): a day nobody could have practised on is
 * not shown to them as missed.
 */
export function waveCalendar({
  startDay,
  today,
  streak,
  days,
  since,
  length = WAVE_DAYS,
}: {
  startDay: string;
  today: string;
  streak: Pick<Streak, 'frozen'>;
  days: readonly string[];
  since?: string;
  /** How many days from `startDay`: a wave's WAVE_DAYS, or home's week. */
  length?: number;
}): { date: string; state: CalendarState }[] {
  const first = dayNumber(startDay);
  return Array.from({ length }, (_, i) => {
    const date = isoDayOf(first + i);
    const state: CalendarState = days.includes(date)
      ? 'done'
      : date === today
        ? 'today'
        : date > today
          ? 'future'
          : streak.frozen.includes(date)
            ? 'frozen'
            : since !== undefined && date < since
              ? 'before'
              : 'missed';
    return { date, state };
  });
}

export const calendarDaySchema = z.object({ date: z.string(), state: z.enum(CALENDAR_STATES) });

/** What home shows of the habit, sent with «Що сьогодні» (no extra request). */
export const habitSummarySchema = z
  .object({
    today: z.string(),
    streak: z.object({
      current: z.number().int(),
      best: z.number().int(),
      todayDone: z.boolean(),
      freezesLeft: z.number().int(),
    }),
    /** Null without a team (nobody invited yet). */
    team: z.object({ current: z.number().int(), members: z.number().int() }).nullable(),
    goal: dailyGoalSchema,
    /** Today's progress toward the goal. */
    done: z.object({ lessons: z.number().int(), repetitions: z.number().int() }),
    /** Cards of «Повторення» due now. */
    dueCards: z.number().int(),
    /** The days of the week so far ending today, for home's short strip. */
    week: z.array(calendarDaySchema),
  })
  .meta({ id: 'HabitSummary' });
export type HabitSummary = z.infer<typeof habitSummarySchema>;

/** Home's «Що сьогодні» (`GET /api/courses/today`): my courses' plan and the habit, one request. */
export const todaySchema = todayCoursesSchema.extend({ habit: habitSummarySchema }).meta({ id: 'Today' });
export type Today = z.infer<typeof todaySchema>;

export const HABIT_MESSAGES = {
  goalSaved: 'Мету дня збережено',
  reminderTitle: (days: number) => `Серія ${plural(days, 'день', 'дні', 'днів', 'дня')} під загрозою`,
  reminderBody: 'Сьогодні ще не було практики. Кілька хвилин у «Паляниці» чи щоденник збережуть серію.',
} as const;
