import type { Lesson } from '@yedyni/contract';
import { videoSource } from './video';

/** Lessons in day order (1, 2, … 10), whatever order they came in. */
export function sortedLessons(lessons: readonly Lesson[]): Lesson[] {
  return [...lessons].sort((a, b) => Number(a.day) - Number(b.day));
}

/** The lesson's audio tracks that name a file. */
export function audioTracks(lesson: Lesson): string[] {
  return lesson.audio.filter((url) => url.trim());
}

/** The lesson's videos that can play, titled (a nameless one by its number). */
export function playableVideos(lesson: Lesson, untitled: (n: number) => string) {
  return lesson.video
    .map((video, index) => ({
      key: `${video.url}#${index}`,
      title: video.title.trim() || untitled(index + 1),
      source: videoSource(video.url),
    }))
    .filter((video) => video.source.kind !== 'none');
}
