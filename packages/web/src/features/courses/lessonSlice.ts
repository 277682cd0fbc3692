import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Lesson, SelfTestResult } from '@yedyni/contract';
import { api, errorMessage } from '../../shared/api';
import { primedText } from '../../shared/lib/primed';
import { sessionEnded } from '../../shared/lib/session';
import type { CoursesRootState, LessonState, SelfTestArg } from './types';

export const initialLessonState: LessonState = {
  currentLesson: null,
  content: '',
  isLoading: false,
  error: null,
  testResult: null,
  isChecking: false,
  testError: null,
};

const createLessonThunk = createAsyncThunk.withTypes<{ rejectValue: string }>();

/** Read: the lesson's main content, fetched as text from its URL with the Bearer token. */
export const fetchLessonContent = createLessonThunk('lesson/content', async (url: string, { rejectWithValue }) => {
  try {
    return await primedText(url);
  } catch (error) {
    return rejectWithValue(errorMessage(error));
  }
});

/** Sends the self-test answers; the server scores them and writes the score into the diary. */
export const checkSelfTest = createLessonThunk(
  'lesson/test',
  async ({ courseId, lessonId, answers }: SelfTestArg, { rejectWithValue }) => {
    try {
      return await api.post<SelfTestResult>(
        `/courses/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}/test`,
        { answers },
      );
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);

/** An answer about a lesson that is no longer on screen is dropped. */
const isStale = (state: LessonState, contentUrl: string) =>
  state.currentLesson !== null && state.currentLesson.content !== contentUrl;

const lessonSlice = createSlice({
  name: 'lesson',
  initialState: initialLessonState,
  reducers: {
    /** The lesson on screen; another lesson starts with empty content and no test result. */
    lessonSet(state, action: PayloadAction<Lesson | null>) {
      const next = action.payload;
      if (state.currentLesson?.content !== next?.content) {
        state.content = '';
        state.error = null;
        state.testResult = null;
        state.testError = null;
      }
      state.currentLesson = next;
    },
    /** «Пройти ще раз»: the self-test starts over. */
    testReset(state) {
      state.testResult = null;
      state.testError = null;
    },
  },
  extraReducers: (builder) => {
    builder
      // Spec: lesson content loading, then loaded; or failed, with empty content.
      .addCase(fetchLessonContent.pending, (state) => {
        state.isLoading = true;
        state.error = null;
      })
      .addCase(fetchLessonContent.fulfilled, (state, action) => {
        state.isLoading = false;
        if (!isStale(state, action.meta.arg)) state.content = action.payload;
      })
      .addCase(fetchLessonContent.rejected, (state, action) => {
        state.isLoading = false;
        if (isStale(state, action.meta.arg)) return;
        state.content = '';
        state.error = action.payload ?? action.error.message ?? null;
      })
      .addCase(checkSelfTest.pending, (state) => {
        state.isChecking = true;
        state.testError = null;
      })
      .addCase(checkSelfTest.fulfilled, (state, action) => {
        state.isChecking = false;
        if (state.currentLesson?.day === action.meta.arg.lessonId) {
          state.testResult = { ...action.payload, answers: action.meta.arg.answers };
        }
      })
      .addCase(checkSelfTest.rejected, (state, action) => {
        state.isChecking = false;
        state.testError = action.payload ?? action.error.message ?? null;
      })
      .addCase(sessionEnded, () => initialLessonState);
  },
});

export const lessonReducer = lessonSlice.reducer;
export const { lessonSet, testReset } = lessonSlice.actions;

export const selectLessonState = (state: CoursesRootState) => state.lesson ?? initialLessonState;
export const selectCurrentLesson = (state: CoursesRootState) => selectLessonState(state).currentLesson;
