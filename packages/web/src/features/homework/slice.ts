import { createAsyncThunk, createSlice, isFulfilled } from '@reduxjs/toolkit';
import type { RatingUndone } from '@yedyni/contract';
import { api, errorMessage, upload } from '../../shared/api';
import { addLoadingState } from '../../shared/lib/loading';
import { exercisePath, primedGet } from '../../shared/lib/primed';
import { sessionEnded } from '../../shared/lib/session';
import { countNotificationsSet, initialExercisesState } from './count';
import { formData } from './lib/form';
import type {
  Comment,
  CommentRef,
  CommentUpdate,
  Exercise,
  ExerciseNotification,
  ExerciseQuery,
  ExercisesRootState,
  ExerciseUpdate,
  FileRemoval,
  NewComment,
  NewExercise,
  NotificationsQuery,
  RatingInput,
} from './types';

// Spec section 4, «Exercises»: a comment is added by appending, edited by replacing the one with
// the same _id, deleted by removing it by _id; every call sets isLoading, then clears it, and a
// failure keeps its message in `error`. Writes show that message to the user (the screens put it
// in an alert); reads reject silently with it.

const createHomeworkThunk = createAsyncThunk.withTypes<{ rejectValue: string }>();

function homeworkCall<Arg, Result>(type: string, call: (arg: Arg) => Promise<Result>) {
  return createHomeworkThunk(type, async (arg: Arg, { rejectWithValue }) => {
    try {
      return await call(arg);
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  });
}

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/** Read: my exercise for a lesson, or null when I have not handed one in. */
export const fetchExercise = homeworkCall(
  'exercises/fetch',
  async (q: ExerciseQuery) => (await primedGet<Exercise | null>(exercisePath(q.courseId, q.lessonId))) ?? null,
);

/** Read: one exercise by id, with its owner and course title (its owner or a curator). */
export const fetchExerciseById = homeworkCall('exercises/fetchById', (exerciseId: string) =>
  api.get<Exercise>(`/exercises/${encodeURIComponent(exerciseId)}`),
);

/** Hands in homework (multipart; the file is optional). */
export const addExercise = homeworkCall(
  'exercises/add',
  ({ courseId, lessonId, homework, file, upload: options }: NewExercise) =>
    upload<Exercise>('POST', '/exercises', formData({ courseId, lessonId, homework }, file), options),
);

/** Replaces the homework text, and the file when a new one is given; the exercise waits again. */
export const updateExercise = homeworkCall(
  'exercises/update',
  ({ exerciseId, homework, file, upload: options }: ExerciseUpdate) =>
    upload<Exercise>('PATCH', '/exercises', formData({ exerciseId, homework }, file), options),
);

/** Takes the answer back: text and file go, the rating too. */
export const deleteHomework = homeworkCall('exercises/deleteHomework', (exerciseId: string) =>
  api.patch<Exercise>('/exercises/homework', { exerciseId }),
);

/** Removes the homework's file, or a comment's. */
export const deleteFile = homeworkCall('exercises/deleteFile', (body: FileRemoval) =>
  api.patch<Exercise>('/exercises/file', body),
);

export const addComment = homeworkCall(
  'exercises/addComment',
  ({ exerciseId, comment, tags, file, upload: options }: NewComment) =>
    upload<Comment>('POST', '/exercises/comment', formData({ exerciseId, comment, tags }, file), options),
);

export const editComment = homeworkCall(
  'exercises/editComment',
  ({ exerciseId, commentId, comment, tags, file, upload: options }: CommentUpdate) =>
    upload<Comment>('PATCH', '/exercises/comment', formData({ exerciseId, commentId, comment, tags }, file), options),
);

export const deleteComment = homeworkCall('exercises/deleteComment', (ref: CommentRef) =>
  api.delete<{ commentId: string }>(`/exercises/comment?${query({ ...ref })}`),
);

/** Marks the comments to me on an exercise read; answers with my new unread count. */
export const markRead = homeworkCall('exercises/markRead', (exerciseId: string) =>
  api.patch<{ exerciseId: string; countNotifications: number }>(`/exercises/status?${query({ exerciseId })}`),
);

/** A curator's rating, 1–12. */
export const rateExercise = homeworkCall('exercises/rate', (body: RatingInput) =>
  api.patch<{ exerciseId: string; rating: number }>('/exercises/rating', body),
);

/** The curator takes back the rating they have just set (the server allows RATING_UNDO_MS). */
export const undoRating = homeworkCall('exercises/undoRating', (exerciseId: string) =>
  api.delete<RatingUndone>(`/exercises/rating?${query({ exerciseId })}`),
);

/** Read: a page of notifications, newest first, and their total count. */
export const fetchNotifications = homeworkCall('exercises/notifications', (q: NotificationsQuery) =>
  api.get<{ notifications: ExerciseNotification[]; countNotifications: number }>(
    `/exercises/notifications?${query({ ...q })}`,
  ),
);

const all = [
  fetchExercise,
  fetchExerciseById,
  addExercise,
  updateExercise,
  deleteHomework,
  deleteFile,
  addComment,
  editComment,
  deleteComment,
  markRead,
  rateExercise,
  undoRating,
  fetchNotifications,
] as const;

const exercisesSlice = createSlice({
  name: 'exercises',
  initialState: initialExercisesState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(sessionEnded, () => initialExercisesState)
      .addCase(countNotificationsSet, (state, action) => {
        state.countNotifications = action.payload;
      })
      .addCase(addComment.fulfilled, (state, { payload, meta }) => {
        const exercise = state.exercise;
        if (exercise?._id !== meta.arg.exerciseId) return;
        exercise.comments.push(payload);
        // As the server does: a learner's comment waits for a curator, a curator's answers it.
        // `owner` comes with the curator's view; the learner's own view has none, and only they write there.
        exercise.status = exercise.owner && exercise.owner._id !== payload.author._id ? 'inactive' : 'active';
      })
      .addCase(editComment.fulfilled, (state, { payload, meta }) => {
        const exercise = state.exercise;
        if (exercise?._id !== meta.arg.exerciseId) return;
        exercise.comments = exercise.comments.map((c) => (c._id === payload._id ? payload : c));
      })
      .addCase(deleteComment.fulfilled, (state, { payload, meta }) => {
        const exercise = state.exercise;
        if (exercise?._id !== meta.arg.exerciseId) return;
        exercise.comments = exercise.comments.filter((c) => c._id !== payload.commentId);
      })
      .addCase(markRead.fulfilled, (state, { payload }) => {
        state.countNotifications = payload.countNotifications;
      })
      .addCase(rateExercise.fulfilled, (state, { payload }) => {
        const exercise = state.exercise;
        if (exercise?._id !== payload.exerciseId) return;
        exercise.rating = payload.rating;
        // A rating is a curator's answer too: the exercise no longer waits.
        exercise.status = 'inactive';
      })
      .addCase(undoRating.fulfilled, (state, { payload }) => {
        const exercise = state.exercise;
        if (exercise?._id !== payload.exerciseId) return;
        // As the server put it back: the rating before (or none), and whether it waits again.
        exercise.rating = payload.rating;
        exercise.status = payload.status;
      })
      .addCase(fetchNotifications.fulfilled, (state, { payload }) => {
        state.notifications = payload.notifications;
        state.countNotifications = payload.countNotifications;
      })
      .addMatcher(
        isFulfilled(fetchExercise, fetchExerciseById, addExercise, updateExercise, deleteHomework, deleteFile),
        (state, { payload }) => {
          state.exercise = payload;
        },
      );
    addLoadingState(builder, [...all]);
  },
});

export const exercisesReducer = exercisesSlice.reducer;

export const selectExercisesState = (state: ExercisesRootState) => state.exercises;
export const selectExercise = (state: ExercisesRootState) => state.exercises.exercise;
export const selectNotifications = (state: ExercisesRootState) => state.exercises.notifications;
export const selectCountNotifications = (state: ExercisesRootState) => state.exercises.countNotifications;
