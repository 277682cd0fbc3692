import type { Comment, Exercise, ExerciseNotification, MistakeTag } from '@yedyni/contract';
import type { UploadOptions } from '../../shared/api';

/** Spec section 3 and 4, «Exercises»: the exercise on screen, the notifications and their count. */
export interface ExercisesState {
  exercise: Exercise | null;
  notifications: ExerciseNotification[];
  countNotifications: number;
  isLoading: boolean;
  error: string | null;
}

export interface ExercisesRootState {
  exercises: ExercisesState;
}

/** Who looks at the homework: the screens show and allow things by it (the app passes it in). */
export interface Viewer {
  _id: string;
  /** Reviews everyone else's homework (the server's `abilities.reviewHomework`): /uk/active, waiting-homework notifications. */
  reviewsHomework: boolean;
}

export interface ExerciseQuery {
  courseId: string;
  lessonId: string;
}

export interface NewExercise extends ExerciseQuery {
  homework: string;
  file?: File | null;
  /** The upload's progress and cancel (the form's). */
  upload?: UploadOptions;
}

export interface ExerciseUpdate {
  exerciseId: string;
  homework: string;
  /** Without a file the old file stays. */
  file?: File | null;
  upload?: UploadOptions;
}

export interface FileRemoval {
  exerciseId: string;
  /** The comment whose file goes; without it, the homework's file. */
  commentId?: string;
}

export interface NewComment {
  exerciseId: string;
  comment: string;
  /** A curator's mistake tags (contract MISTAKE_TAGS); omitted, an edit keeps the comment's. */
  tags?: readonly MistakeTag[];
  file?: File | null;
  upload?: UploadOptions;
}

export interface CommentUpdate extends NewComment {
  commentId: string;
}

export interface CommentRef {
  exerciseId: string;
  commentId: string;
}

export interface RatingInput {
  exerciseId: string;
  rating: number;
}

export interface NotificationsQuery {
  page: number;
  limit: number;
}

export type { Comment, Exercise, ExerciseNotification };
