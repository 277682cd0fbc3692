import type {
  AccountAbilities,
  AuthResponse,
  Club,
  Course,
  CourseListItem,
  Diary,
  HabitSummary,
  Indicators,
  Lesson,
  Role,
  User,
} from '@yedyni/contract';

/** The abilities the server's policies give each role, sent with the current user. */
const ROLE_ABILITIES: Record<Role, AccountAbilities> = {
  user: { reviewHomework: false, enterConsole: false, administerConsole: false },
  moderator: { reviewHomework: true, enterConsole: true, administerConsole: false },
  admin: { reviewHomework: true, enterConsole: true, administerConsole: true },
};

export const user: User = {
  _id: 'u-1',
  first_name: 'Олена',
  last_name: 'Коваль',
  email: 'olena@example.com',
  emailVerified: true,
  pendingEmail: null,
  role: 'user',
  abilities: ROLE_ABILITIES.user,
  createdAt: Date.UTC(2026, 2, 3, 10, 0),
  courses: [],
  inviter: null,
  twoStep: { on: false, required: false },
};

/**
 * The same person as the server shows them with another role: the role and its abilities, and
 * for staff two-step sign-in turned on, as their role requires.
 */
export function withRole(person: User, role: Role): User {
  const staff = role !== 'user';
  return { ...person, role, abilities: ROLE_ABILITIES[role], twoStep: { on: staff, required: staff } };
}

export const auth: AuthResponse = { token: 'token-1', user };

export const indicators: Indicators = {
  ukrainianMark: 20,
  totalTime: 2_419_200,
  daysInMovement: 12,
  totalDonat: 120,
  pastCount: 0,
  currentCount: 0,
  levelSupport: 3,
};

// Learning: a course of three lessons (1 and 2 open, 3 closed), its list item, today's plan.

const DAY = 24 * 60 * 60 * 1000;
/** 00:00 Kyiv, 3 March 2026 (UTC+2). */
export const waveStart = Date.UTC(2026, 2, 2, 22, 0);

export function lessonFixture(day: number, overrides: Partial<Lesson> = {}): Lesson {
  const open = day <= 2;
  return {
    day: String(day),
    theme: ['Звуки і літери', 'Привітання', 'Числа'][day - 1] ?? `Тема ${day}`,
    image: '',
    content: `/api/courses/c-1/lessons/${day}/content`,
    theory: open ? `<p>Теорія уроку ${day}</p>` : '',
    practice: open ? `<p>Завдання уроку ${day}</p>` : '',
    audio: open ? [`/media/lesson-${day}.mp3`] : [],
    video: open ? [{ title: `Відео уроку ${day}`, url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }] : [],
    test: {
      questions: open
        ? [
            { text: 'Як привітатися зранку?', options: ['Добрий вечір', 'Добрий ранок', 'На добраніч'] },
            { text: 'Скільки літер в українській абетці?', options: ['33', '32'] },
          ]
        : [],
    },
    diary: open ? 'Що нового ви сьогодні сказали українською?' : '',
    scheduledDate: null,
    opensAt: waveStart + (day - 1) * DAY,
    isOpen: open,
    ...overrides,
  };
}

export const course: Course = {
  _id: 'c-1',
  title: 'Українська щодня',
  description: 'Курс для тих, хто переходить на українську.',
  wave: '29',
  start: waveStart,
  currentWave: '29',
  nextWave: null,
  nextStart: null,
  canManage: false,
  canModerateChat: false,
  lessons: [lessonFixture(1), lessonFixture(2), lessonFixture(3)],
};

export const courseItem: CourseListItem = {
  _id: 'c-1',
  title: course.title,
  description: course.description,
  wave: '29',
  start: waveStart,
  enrolled: true,
  joinWaves: [],
  lessonsTotal: 3,
  lessonsOpen: 2,
  lessonsDone: 1,
};

export const otherCourseItem: CourseListItem = {
  _id: 'c-2',
  title: 'Говоримо вільно',
  description: 'Розмовна практика.',
  wave: '5',
  start: waveStart + 7 * DAY,
  enrolled: false,
  joinWaves: [{ wave: '5', start: waveStart + 7 * DAY, joinUntil: null }],
  lessonsTotal: 10,
  lessonsOpen: 0,
  lessonsDone: 0,
};

export const diary: Diary = {
  courseId: 'c-1',
  lessonId: '1',
  date: '2026-03-03',
  entry: 'Сьогодні говорила українською в магазині.',
  plan: 'Завтра — з колегами.',
  test: null,
};

/**
 * Two tasks scored as the game and the olympiads answer: «a» right (10 points), «b» wrong; each
 * with its `[correct, explanation]`.
 */
export function scoreOfTwo(a: [string, string], b: [string, string]) {
  return {
    score: 10,
    maxScore: 20,
    late: false,
    results: [
      { id: 'a', points: 10, correct: a[0], explanation: a[1] },
      { id: 'b', points: 0, correct: b[0], explanation: b[1] },
    ],
  };
}

/** 18:30 Kyiv, 10 March 2027: a club meeting still ahead. */
export const clubStartsAt = Date.UTC(2027, 2, 10, 16, 30);

/** A club meeting in Kyiv (3 of 12 seats left, not signed up); `overrides` change what a test needs. */
export const clubOf = (overrides: Partial<Club> = {}): Club => ({
  _id: 'k',
  title: 'Кава українською',
  description: 'Говоримо про щоденне.',
  city: 'Київ',
  place: 'Бібліотека на Подолі',
  link: '',
  host: 'Тарас Мельник',
  startsAt: clubStartsAt,
  durationMin: 90,
  capacity: 12,
  seatsLeft: 3,
  signedUp: false,
  ...overrides,
});

/** Home's habit card: a 3-day streak, today not yet done, a lesson of the goal done, 4 cards due, a team. */
export const habitSummary: HabitSummary = {
  today: '2026-03-12',
  streak: { current: 3, best: 5, todayDone: false, freezesLeft: 2 },
  team: { current: 2, members: 3 },
  goal: { lessons: 1, repetitions: 1 },
  done: { lessons: 1, repetitions: 0 },
  dueCards: 4,
  week: [
    { date: '2026-03-06', state: 'missed' },
    { date: '2026-03-07', state: 'done' },
    { date: '2026-03-08', state: 'done' },
    { date: '2026-03-09', state: 'frozen' },
    { date: '2026-03-10', state: 'done' },
    { date: '2026-03-11', state: 'done' },
    { date: '2026-03-12', state: 'today' },
  ],
};
