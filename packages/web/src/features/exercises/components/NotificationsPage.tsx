import { Placeholder } from '../../../shared/ui/Placeholder';

export default function NotificationsPage() {
  return <Placeholder title="Сповіщення">Тут будуть нові коментарі кураторів до ваших домашніх завдань.</Placeholder>;
}
