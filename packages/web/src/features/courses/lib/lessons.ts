import type { Lesson } from '@yedyni/contract';

/** Lessons in day order (1, 2, … 10), whatever order they came in. */
export function sortedLessons(lessons: readonly Lesson[]): Lesson[] {
  return [...lessons].sort((a, b) => Number(a.day) - Number(b.day));
}
