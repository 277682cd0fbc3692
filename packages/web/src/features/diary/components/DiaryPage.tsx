import { Placeholder } from '../../../shared/ui/Placeholder';

export default function DiaryPage() {
  return (
    <Placeholder title="Щоденник" level={2}>
      Тут буде ваш щоденник уроку: що вдалося за день і план на завтра.
    </Placeholder>
  );
}
