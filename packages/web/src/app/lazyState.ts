import type { ChatState } from '../features/chat';
import type { ClubsState } from '../features/clubs';
import type { CourseState, LessonState } from '../features/courses';
import type { DiaryState } from '../features/diary';
import type { GameState } from '../features/game';
import type { HabitState } from '../features/habit';
import type { OlympiadsState } from '../features/olympiads';
import type { PaymentsState } from '../features/payments';
import type { ModalState } from '../shared/modal/slice';
import type { RangeState } from '../shared/range/slice';

/** Slices injected with the learning screens (app/learning.ts) and the chat (app/chat.ts); absent until then. */
export interface LazyLoadedState {
  course: CourseState;
  lesson: LessonState;
  diary: DiaryState;
  /** Home's habit card, filled by «Що сьогодні». */
  habit: HabitState;
  chat: ChatState;
  /** With the support screens (app/support.ts). */
  payments: PaymentsState;
  range: RangeState;
  modal: ModalState;
  /** With the game, olympiad and clubs screens (app/activities.ts). */
  game: GameState;
  olympiads: OlympiadsState;
  clubs: ClubsState;
}
