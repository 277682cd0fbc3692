import { describe, expect, it } from 'vitest';
import { kyivIsoDate, kyivTime } from './dates.js';
import {
  addIsoDays,
  computeStreak,
  computeTeamStreak,
  dailyGoalSchema,
  isoDaysBetween,
  STREAK_FREEZES_PER_WAVE,
  waveCalendar,
} from './habit.js';

const wave = { key: 'c1:29', startDay: '2026-03-01' };
const days = (from: string, count: number) => Array.from({ length: count }, (_, i) => addIsoDays(from, i));

describe('Kyiv dates as days', () => {
  it('adds days across month ends, leap days and both DST switches', () => {
    expect(addIsoDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addIsoDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addIsoDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(addIsoDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addIsoDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addIsoDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(isoDaysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(isoDaysBetween('2026-10-24', '2026-10-26')).toBe(2);
  });

  it('puts practice on the Kyiv day on both DST switch days (a 23-hour and a 25-hour day)', () => {
    // 29 March 2026: clocks go 03:00 → 04:00 in Kyiv. 00:30 and 23:30 are the same Kyiv day.
    expect(kyivIsoDate(kyivTime(2026, 3, 29, 0, 30))).toBe('2026-03-29');
    expect(kyivIsoDate(kyivTime(2026, 3, 29, 23, 30))).toBe('2026-03-29');
    expect(kyivIsoDate(kyivTime(2026, 3, 29, 23, 59, 59, 999) + 1)).toBe('2026-03-30');
    // 25 October 2026: 04:00 → 03:00; the day has 25 hours and still is one day.
    expect(kyivIsoDate(kyivTime(2026, 10, 25, 0, 0))).toBe('2026-10-25');
    expect(kyivIsoDate(kyivTime(2026, 10, 25, 23, 59))).toBe('2026-10-25');
    expect(kyivIsoDate(kyivTime(2026, 10, 26, 0, 0))).toBe('2026-10-26');
  });
});

describe('computeStreak', () => {
  it('counts a run ending today, and keeps it open while today is not done yet', () => {
    const practised = days('2026-03-01', 5);
    expect(computeStreak({ days: practised, waves: [wave], today: '2026-03-05' })).toMatchObject({
      current: 5,
      best: 5,
      todayDone: true,
    });
    expect(computeStreak({ days: practised, waves: [wave], today: '2026-03-06' })).toMatchObject({
      current: 5,
      todayDone: false,
      frozen: [],
    });
  });

  it('spends the two «світлі дні» of a wave on missed days, then a third missed day ends the run', () => {
    const practised = ['2026-03-01', '2026-03-02', '2026-03-04', '2026-03-06', '2026-03-08'];
    const streak = computeStreak({ days: practised, waves: [wave], today: '2026-03-08' });
    expect(streak.frozen).toEqual(['2026-03-03', '2026-03-05']);
    expect(streak.freezesLeft).toBe(0);
    // 03-07 is a third missed day: the run restarts on 03-08.
    expect(streak.current).toBe(1);
    expect(streak.best).toBe(4);
  });

  it('does not freeze a day outside every wave, nor a day before the first practice', () => {
    const streak = computeStreak({ days: ['2026-02-25', '2026-02-27'], waves: [wave], today: '2026-02-27' });
    expect(streak.frozen).toEqual([]);
    expect(streak.current).toBe(1);
    expect(streak.freezesLeft).toBe(0);
    const fresh = computeStreak({ days: ['2026-03-10'], waves: [wave], today: '2026-03-10' });
    expect(fresh).toMatchObject({ current: 1, frozen: [], freezesLeft: STREAK_FREEZES_PER_WAVE });
  });

  it('takes freezes from the earliest running wave first, and each wave gives its own two', () => {
    const later = { key: 'c2:5', startDay: '2026-03-03' };
    const practised = ['2026-03-02', '2026-03-06', '2026-03-10'];
    const streak = computeStreak({ days: practised, waves: [later, wave], today: '2026-03-10' });
    // 03-03, 03-04 from the first wave; 03-05, 03-07 from the second; 03-08 ends the run.
    expect(streak.frozen).toEqual(['2026-03-03', '2026-03-04', '2026-03-05', '2026-03-07']);
    expect(streak.current).toBe(1);
    expect(streak.best).toBe(2);
    expect(streak.freezesLeft).toBe(0);
  });

  it('keeps a streak across the spring and autumn DST days (days, not hours)', () => {
    const spring = computeStreak({
      days: days('2026-03-27', 5),
      waves: [{ key: 'w', startDay: '2026-03-20' }],
      today: '2026-03-31',
    });
    expect(spring).toMatchObject({ current: 5, frozen: [] });
    const autumn = computeStreak({
      days: days('2026-10-23', 5),
      waves: [{ key: 'w', startDay: '2026-10-10' }],
      today: '2026-10-27',
    });
    expect(autumn).toMatchObject({ current: 5, frozen: [] });
  });

  it('ignores days after today and repeated days', () => {
    const streak = computeStreak({
      days: ['2026-03-01', '2026-03-01', '2026-03-02', '2026-03-09'],
      waves: [wave],
      today: '2026-03-02',
    });
    expect(streak).toMatchObject({ current: 2, best: 2 });
  });
});

describe('computeTeamStreak', () => {
  it('counts days on which I and someone of my team practised, today kept open', () => {
    const mine = ['2026-03-01', '2026-03-02', '2026-03-03'];
    const team = ['2026-03-02', '2026-03-03', '2026-03-04'];
    expect(computeTeamStreak(mine, team, '2026-03-03')).toBe(2);
    expect(computeTeamStreak(mine, team, '2026-03-04')).toBe(2);
    expect(computeTeamStreak(mine, team, '2026-03-05')).toBe(0);
    expect(computeTeamStreak(mine, [], '2026-03-03')).toBe(0);
  });
});

describe('waveCalendar', () => {
  it('shows the 28 days as done, frozen, missed, today and ahead', () => {
    const practised = ['2026-03-01', '2026-03-03'];
    const streak = computeStreak({ days: practised, waves: [wave], today: '2026-03-05' });
    const calendar = waveCalendar({ startDay: wave.startDay, today: '2026-03-05', streak, days: practised });
    expect(calendar).toHaveLength(28);
    expect(calendar.slice(0, 6).map((d) => d.state)).toEqual(['done', 'frozen', 'done', 'frozen', 'today', 'future']);
    expect(calendar[27]?.date).toBe('2026-03-28');
  });

  it('shows the days before the learner joined as before, not missed (a day they practised stays done)', () => {
    const practised = ['2026-03-01', '2026-03-05'];
    const streak = computeStreak({ days: practised, waves: [wave], today: '2026-03-06' });
    const calendar = waveCalendar({
      startDay: wave.startDay,
      today: '2026-03-06',
      streak,
      days: practised,
      since: '2026-03-04',
    });
    expect(calendar.slice(0, 7).map((d) => d.state)).toEqual([
      'done',
      'frozen',
      'frozen',
      'missed',
      'done',
      'today',
      'future',
    ]);
    const late = waveCalendar({
      startDay: wave.startDay,
      today: '2026-03-06',
      streak: computeStreak({ days: [], waves: [wave], today: '2026-03-06' }),
      days: [],
      since: '2026-03-05',
    });
    expect(late.slice(0, 6).map((d) => d.state)).toEqual(['before', 'before', 'before', 'before', 'missed', 'today']);
  });
});

describe('dailyGoalSchema', () => {
  it('accepts small goals and refuses an empty one or one out of range', () => {
    expect(dailyGoalSchema.parse({ lessons: 1, repetitions: 1 })).toEqual({ lessons: 1, repetitions: 1 });
    expect(dailyGoalSchema.safeParse({ lessons: 0, repetitions: 0 }).error?.issues[0]?.message).toBe(
      'Мета: оберіть хоча б один урок або одне повторення',
    );
    expect(dailyGoalSchema.safeParse({ lessons: 4, repetitions: 0 }).success).toBe(false);
    expect(dailyGoalSchema.safeParse({ lessons: 1.5, repetitions: 0 }).success).toBe(false);
  });
});
