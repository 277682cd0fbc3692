import type { AdminCourse, AdminCourseDetail, AdminLesson } from '@yedyni/contract';
import { kyivTime, lessonOpensAt } from '@yedyni/contract';

/** Test data of the course editor. */

/** 00:00 Kyiv, 2 March 2026: wave 28 began. */
export const waveStart = kyivTime(2026, 3, 2);

export const adminCourse: AdminCourse = {
  _id: 'c-1',
  slug: 'ukrainska-shchodnia',
  title: 'Українська щодня',
  description: 'Щоденні уроки для тих, хто переходить на українську.',
  starter: true,
  position: 0,
  currentWave: '28',
  currentStart: waveStart,
  nextWave: null,
  nextStart: null,
  lessonCount: 3,
  learnerCount: 120,
  replyTargetHours: 48,
};

const themes = ['Звуки і літери', 'Привітання', 'Числа'];

export function courseDetail(overrides: Partial<AdminCourseDetail> = {}): AdminCourseDetail {
  return {
    ...adminCourse,
    lessons: themes.map((theme, i) => ({
      day: i + 1,
      theme,
      opensAt: lessonOpensAt(waveStart, i + 1, null),
      scheduledDate: null,
    })),
    canAuthor: true,
    ...overrides,
  };
}

export function adminLesson(overrides: Partial<AdminLesson> = {}): AdminLesson {
  return {
    day: 2,
    theme: 'Привітання',
    image: '',
    content: '# Привіт',
    theory: '',
    practice: '',
    audio: ['/media/ukrainska-shchodnia/pryvit.mp3'],
    video: [{ title: 'Вітаємося', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }],
    test: [
      { question: 'Як привітатися зранку?', options: ['Добрий ранок', 'На добраніч'], answer: 0, explanation: '' },
    ],
    diary: 'Кого ви сьогодні привітали українською?',
    ...overrides,
  };
}
