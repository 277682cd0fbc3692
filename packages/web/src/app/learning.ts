import { courseReducer, lessonReducer } from '../features/courses';
import { diaryReducer } from '../features/diary';
import { injectReducers } from './store';

// Loaded with the first learning screen (see routes.tsx): the course, lesson and diary slices join
// the store here, so the first paint of /login does not carry them. Injecting again is a no-op.
injectReducers({ course: courseReducer, lesson: lessonReducer, diary: diaryReducer });
