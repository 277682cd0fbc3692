import { courseReducer, lessonReducer } from '../features/courses';
import { diaryReducer } from '../features/diary';
import { habitReducer } from '../features/habit';
import { injectReducers } from './store';

// Loaded with the first learning screen (see routes.tsx): the course, lesson, diary and habit slices join
// the store here, so the first paint of /login does not carry them. Injecting again is a no-op.
injectReducers({ course: courseReducer, lesson: lessonReducer, diary: diaryReducer, habit: habitReducer });
