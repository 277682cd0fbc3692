import { Placeholder } from '../../../shared/ui/Placeholder';

export default function TeamPage() {
  return (
    <Placeholder title="Команда" level={2}>
      Тут будуть люди, яких ви запросили до руху, і їхні команди.
    </Placeholder>
  );
}
