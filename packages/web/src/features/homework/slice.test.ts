import { describe, expect, it } from 'vitest';
import { sessionEnded } from '../../shared/lib/session';
import { commentFixture, curator, exercise, learner, notificationFixture } from '../../test/homework';
import { countNotificationsSet, exercisesCountReducer, initialExercisesState } from './count';
import {
  addComment,
  addExercise,
  deleteComment,
  deleteFile,
  deleteHomework,
  editComment,
  exercisesReducer,
  fetchExercise,
  fetchExerciseById,
  fetchNotifications,
  markRead,
  rateExercise,
  updateExercise,
} from './slice';
import type { ExercisesState } from './types';

const withExercise = (overrides: Partial<ExercisesState> = {}): ExercisesState => ({
  ...initialExercisesState,
  exercise: { ...exercise, comments: [commentFixture(1), commentFixture(2)] },
  ...overrides,
});
const ref = { exerciseId: 'ex-1', commentId: 'cm-1' };

describe('exercises slice (spec §3–4, docs/ARCHITECTURE.md)', () => {
  it('starts empty: exercise, notifications, countNotifications, isLoading, error', () => {
    expect(exercisesReducer(undefined, { type: '@@init' })).toEqual({
      exercise: null,
      notifications: [],
      countNotifications: 0,
      isLoading: false,
      error: null,
    });
  });

  it('the first screen’s count-only reducer has the same shape and keeps the count', () => {
    const state = exercisesCountReducer(undefined, countNotificationsSet(4));
    expect(state).toEqual({ ...initialExercisesState, countNotifications: 4 });
    expect(exercisesCountReducer(state, sessionEnded())).toEqual(initialExercisesState);
  });

  it('a loading action sets isLoading, and clears it when done', () => {
    const pending = exercisesReducer(
      initialExercisesState,
      fetchExercise.pending('r', { courseId: 'c-1', lessonId: '1' }),
    );
    expect(pending.isLoading).toBe(true);
    const done = exercisesReducer(pending, fetchExercise.fulfilled(exercise, 'r', { courseId: 'c-1', lessonId: '1' }));
    expect(done).toEqual({ ...initialExercisesState, exercise, isLoading: false });
  });

  it('no homework for the lesson: exercise is null', () => {
    const state = exercisesReducer(
      withExercise(),
      fetchExercise.fulfilled(null, 'r', { courseId: 'c-1', lessonId: '2' }),
    );
    expect(state.exercise).toBeNull();
  });

  it.each([
    ['fetchById', fetchExerciseById.fulfilled(exercise, 'r', 'ex-1')],
    ['add', addExercise.fulfilled(exercise, 'r', { courseId: 'c-1', lessonId: '1', homework: 'x' })],
    ['update', updateExercise.fulfilled(exercise, 'r', { exerciseId: 'ex-1', homework: 'x' })],
    ['deleteHomework', deleteHomework.fulfilled({ ...exercise, homework: '' }, 'r', 'ex-1')],
    ['deleteFile', deleteFile.fulfilled(exercise, 'r', { exerciseId: 'ex-1' })],
  ])('%s puts the answered exercise in place', (_, action) => {
    const state = exercisesReducer({ ...initialExercisesState, isLoading: true }, action);
    expect(state.exercise).toEqual(action.payload);
    expect(state.isLoading).toBe(false);
  });

  it('adding a comment appends it', () => {
    const added = commentFixture(3);
    const state = exercisesReducer(
      withExercise({ isLoading: true }),
      addComment.fulfilled(added, 'r', { exerciseId: 'ex-1', comment: added.comment }),
    );
    expect(state.exercise?.comments.map((c) => c._id)).toEqual(['cm-1', 'cm-2', 'cm-3']);
    expect(state.exercise?.comments[2]).toEqual(added);
    expect(state.isLoading).toBe(false);
  });

  it('a curator’s comment leaves the exercise checked, a learner’s makes it wait (as the server does)', () => {
    const reviewed = withExercise({
      exercise: { ...exercise, owner: learner, status: 'active', comments: [] },
    });
    const byCurator = exercisesReducer(
      reviewed,
      addComment.fulfilled(commentFixture(3, { author: curator }), 'r', { exerciseId: 'ex-1', comment: 'x' }),
    );
    expect(byCurator.exercise?.status).toBe('inactive');
    const byLearner = exercisesReducer(
      byCurator,
      addComment.fulfilled(commentFixture(4, { author: learner }), 'r', { exerciseId: 'ex-1', comment: 'y' }),
    );
    expect(byLearner.exercise?.status).toBe('active');
  });

  it('a comment on another exercise than the one on screen changes nothing', () => {
    const before = withExercise();
    const state = exercisesReducer(
      before,
      addComment.fulfilled(commentFixture(3), 'r', { exerciseId: 'ex-9', comment: 'x' }),
    );
    expect(state.exercise).toEqual(before.exercise);
  });

  it('editing a comment replaces the one with the same _id, in place', () => {
    const edited = commentFixture(1, {
      comment: 'Виправлено',
      fileURL: '/f/1',
      fileType: 'image/png',
      fileName: 'a.png',
    });
    const state = exercisesReducer(
      withExercise(),
      editComment.fulfilled(edited, 'r', { ...ref, comment: 'Виправлено' }),
    );
    expect(state.exercise?.comments).toEqual([edited, commentFixture(2)]);
  });

  it('deleting a comment removes it by _id', () => {
    const state = exercisesReducer(withExercise(), deleteComment.fulfilled({ commentId: 'cm-1' }, 'r', ref));
    expect(state.exercise?.comments).toEqual([commentFixture(2)]);
  });

  it('marking read takes the new unread count', () => {
    const state = exercisesReducer(
      withExercise({ countNotifications: 3 }),
      markRead.fulfilled({ exerciseId: 'ex-1', countNotifications: 2 }, 'r', 'ex-1'),
    );
    expect(state.countNotifications).toBe(2);
  });

  it('a rating lands on the exercise it is for, which no longer waits', () => {
    const state = exercisesReducer(
      withExercise(),
      rateExercise.fulfilled({ exerciseId: 'ex-1', rating: 10 }, 'r', { exerciseId: 'ex-1', rating: 10 }),
    );
    expect(state.exercise?.rating).toBe(10);
    expect(state.exercise?.status).toBe('inactive');
  });

  it('loaded notifications replace the list and set the count', () => {
    const notifications = [notificationFixture(1), notificationFixture(2)];
    const state = exercisesReducer(
      { ...initialExercisesState, notifications: [notificationFixture(9)], isLoading: true },
      fetchNotifications.fulfilled({ notifications, countNotifications: 12 }, 'r', { page: 1, limit: 10 }),
    );
    expect(state).toMatchObject({ notifications, countNotifications: 12, isLoading: false });
  });

  it('the count can be set directly (the badge refresh)', () => {
    expect(exercisesReducer(withExercise(), countNotificationsSet(5)).countNotifications).toBe(5);
  });

  it.each([
    ['a read', fetchExercise.rejected(null, 'r', { courseId: 'c-1', lessonId: '1' }, 'Немає звʼязку')],
    [
      'a write',
      addComment.rejected(null, 'r', { exerciseId: 'ex-1', comment: 'x' }, 'Коментар: не більше 3000 символів'),
    ],
    [
      'a rating',
      rateExercise.rejected(null, 'r', { exerciseId: 'ex-1', rating: 13 }, 'Оцінка: ціле число від 1 до 12'),
    ],
  ])('a failed call (%s) keeps the error and the exercise, and clears isLoading', (_, action) => {
    const before = withExercise({ isLoading: true });
    const state = exercisesReducer(before, action);
    expect(state).toEqual({ ...before, isLoading: false, error: action.payload });
  });

  it('the next call clears the kept error', () => {
    const state = exercisesReducer(withExercise({ error: 'було' }), fetchExerciseById.pending('r', 'ex-1'));
    expect(state).toMatchObject({ error: null, isLoading: true });
  });

  it('signing out forgets everything', () => {
    expect(exercisesReducer(withExercise({ countNotifications: 2 }), sessionEnded())).toEqual(initialExercisesState);
  });
});
