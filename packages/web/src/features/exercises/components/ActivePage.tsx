import { Placeholder } from '../../../shared/ui/Placeholder';

export default function ActivePage() {
  return (
    <Placeholder title="Завдання на перевірку">
      Тут будуть домашні завдання, що чекають на відповідь куратора.
    </Placeholder>
  );
}
