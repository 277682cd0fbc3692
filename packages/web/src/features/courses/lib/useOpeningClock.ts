import { useEffect, useState } from 'react';

interface Opening {
  opensAt: number;
  isOpen: boolean;
}

/** Timers longer than this overflow (setTimeout takes a 32-bit delay): wait in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** A lesson whose time has come but that the server still calls closed (a clock behind): ask again. */
export const OPENING_RETRY_MS = 30_000;

/**
 * The time, moved on when the next lesson's opening time passes, so a screen left open re-renders
 * then (and refetches: a caller effects on the returned value) instead of showing a past time as
 * the future. While a lesson is due but not yet open it moves on every OPENING_RETRY_MS.
 */
export function useOpeningClock(lessons: readonly Opening[]): number {
  const [now, setNow] = useState(Date.now);
  const waiting = lessons.some((lesson) => !lesson.isOpen && lesson.opensAt <= now);
  const next = lessons.reduce(
    (soonest, { opensAt }) => (opensAt > now && opensAt < soonest ? opensAt : soonest),
    Infinity,
  );

  useEffect(() => {
    const at = waiting ? now + OPENING_RETRY_MS : next;
    if (!Number.isFinite(at)) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(at - Date.now(), 0), MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [waiting, next, now]);

  return now;
}

/** A closed lesson whose opening time has passed: it is opening, not «opens at <a past time>». */
export const isOpening = (lesson: Opening, now: number) => !lesson.isOpen && lesson.opensAt <= now;
