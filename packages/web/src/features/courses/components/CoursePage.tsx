import { useOutlet } from 'react-router';
import { Placeholder } from '../../../shared/ui/Placeholder';

/** `/uk/learn/:courseId`: the course with its lessons; a chosen lesson renders in its place. */
export default function CoursePage() {
  const lesson = useOutlet();
  return (
    lesson ?? (
      <Placeholder title="Курс">
        Тут буде курс: розклад уроків вашої хвилі, відкриті уроки та чат учасників.
      </Placeholder>
    )
  );
}
