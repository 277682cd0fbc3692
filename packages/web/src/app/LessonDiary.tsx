import { useParams } from 'react-router';
import { selectCurrentLesson } from '../features/courses';
import DiaryPage from '../features/diary/components/DiaryPage';
import { useAppSelector } from './hooks';

/** The lesson's «Щоденник» tab: the diary feature, given the lesson's prompt by the app. */
export default function LessonDiary() {
  const { courseId = '', lessonId = '' } = useParams();
  const lesson = useAppSelector(selectCurrentLesson);
  return <DiaryPage courseId={courseId} lessonId={lessonId} prompt={lesson?.day === lessonId ? lesson.diary : ''} />;
}
