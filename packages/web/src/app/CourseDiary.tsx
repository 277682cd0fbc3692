import { useParams } from 'react-router';
import { selectCourse } from '../features/courses';
import DiaryListPage from '../features/diary/components/DiaryListPage';
import { useAppSelector } from './hooks';

/**
 * `/uk/learn/:courseId/diary`, «Мій щоденник» (diary feature), in the course screen's place; the
 * course screen has loaded the course by then, and the app hands its title over.
 */
export default function CourseDiary() {
  const { courseId = '' } = useParams();
  const course = useAppSelector(selectCourse);
  return <DiaryListPage courseId={courseId} courseTitle={course?._id === courseId ? course.title : ''} />;
}
