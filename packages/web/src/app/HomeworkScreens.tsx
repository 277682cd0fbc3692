import { useLocation, useParams } from 'react-router';
import { selectUser } from '../features/auth';
import { LessonPractice as PracticeTask } from '../features/courses/components/LessonSections';
import type { Viewer } from '../features/homework';
import ActivePage from '../features/homework/components/ActivePage';
import Homework from '../features/homework/components/Homework';
import { useAppSelector } from './hooks';
import './homework';

// The homework screens (the practice tab and the review), one chunk: the homework feature told who is looking. Loading it injects
// the whole exercises slice (./homework).

function useViewer(): Viewer | null {
  const user = useAppSelector(selectUser);
  return user ? { _id: user._id, reviewsHomework: user.abilities.reviewHomework } : null;
}

/** The lesson's «Практика» tab: the task (courses feature), then the homework (its feature). */
export function LessonPractice() {
  const { courseId = '', lessonId = '' } = useParams();
  const viewer = useViewer();
  const fromNotification = (useLocation().state as { fromNotification?: boolean } | null)?.fromNotification === true;
  return (
    <>
      <PracticeTask />
      {viewer && (
        <Homework courseId={courseId} lessonId={lessonId} viewer={viewer} fromNotification={fromNotification} />
      )}
    </>
  );
}

/** `/uk/active` */
export function Active() {
  const viewer = useViewer();
  return viewer && <ActivePage viewer={viewer} />;
}
