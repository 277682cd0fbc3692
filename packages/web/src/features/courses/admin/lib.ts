import { kyivTime } from '@yedyni/contract';
import { useEffect } from 'react';

/** The console's page of a course. */
export const coursePath = (courseId: string) => `/uk/admin/courses/${encodeURIComponent(courseId)}`;

/** The console's editor of a course's lesson. */
export const lessonPath = (courseId: string, day: number) => `${coursePath(courseId)}/lessons/${day}`;

/** A Kyiv calendar date (`YYYY-MM-DD` of a date input) as the instant of its 00:00; null when not a full date. */
export function fromKyivDate(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  return kyivTime(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** Moves the item at `from` by `step` places (−1 up, +1 down); the same array when it cannot move. */
export function move<T>(items: readonly T[], from: number, step: -1 | 1): T[] {
  const to = from + step;
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1) as [T];
  next.splice(to, 0, item);
  return next;
}

/** The largest upload, in whole MiB, for the texts. */
export const mebibytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * While `active`, the page keeps `padding` clear at the bottom when it scrolls to a focused
 * control, so a sticky bar there (saving, the new order) never hides the focus (WCAG 2.4.11).
 */
export function useBottomScrollPadding(active: boolean, padding: string): void {
  useEffect(() => {
    if (!active) return;
    const root = document.documentElement;
    const before = root.style.scrollPaddingBottom;
    root.style.scrollPaddingBottom = padding;
    return () => {
      root.style.scrollPaddingBottom = before;
    };
  }, [active, padding]);
}
