import type { Course } from '@yedyni/contract';
import CoursePage from '../features/courses/components/CoursePage';
import { CourseChat } from './CourseChat';

// `/uk/learn/:courseId`: the course screen (courses feature) with the course chat (chat feature)
// composed in by the app.

const chat = (course: Course) => <CourseChat course={course} />;

export default function CourseScreen() {
  return <CoursePage chat={chat} />;
}
