import type { Comment, Exercise, ExerciseNotification } from '@yedyni/contract';
import { user } from './fixtures';

export const curator = { _id: 'cur-1', first_name: 'Марія', last_name: 'Куратор' };
export const learner = { _id: user._id, first_name: user.first_name, last_name: user.last_name };

export function commentFixture(n: number, overrides: Partial<Comment> = {}): Comment {
  // As the learner (the fixture user) sees it: their own comments they may edit and delete.
  const own = (overrides.author ?? curator)._id === user._id;
  return {
    _id: `cm-${n}`,
    author: curator,
    comment: `Коментар ${n}`,
    date: Date.UTC(2026, 2, 4, 10, n),
    isRead: true,
    tags: [],
    fileURL: '',
    fileType: '',
    fileName: '',
    canEdit: own,
    canDelete: own,
    ...overrides,
  };
}

export const exercise: Exercise = {
  _id: 'ex-1',
  courseId: 'c-1',
  lessonId: '1',
  homework: 'Моя відповідь на завдання',
  status: 'active',
  rating: null,
  comments: [],
  fileURL: '',
  fileType: '',
  fileName: '',
  // As its owner, the learner, sees it.
  canEdit: true,
  canRate: false,
  replyTargetHours: 48,
  waitingSince: null,
};

export function notificationFixture(n: number, overrides: Partial<ExerciseNotification> = {}): ExerciseNotification {
  return {
    exerciseId: `ex-${n}`,
    courseId: 'c-1',
    courseTitle: 'Українська щодня',
    lessonId: String(n),
    from: curator,
    date: Date.UTC(2026, 2, 4, 12, 0) - n * 60_000,
    ...overrides,
  };
}

/** A file of `size` bytes without allocating them (jsdom's File reads `size` from its parts). */
export function fileOf(name: string, type: string, size = 3): File {
  const file = new File(['x'.repeat(Math.min(size, 16))], name, { type });
  if (size > 16) Object.defineProperty(file, 'size', { value: size });
  return file;
}
