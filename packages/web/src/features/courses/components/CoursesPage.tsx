import { Placeholder } from '../../../shared/ui/Placeholder';

export default function CoursesPage() {
  return (
    <Placeholder title="Курси">
      Тут буде перелік курсів руху: хвилі, що вже тривають, найближчі старти і запис на новий курс.
    </Placeholder>
  );
}
