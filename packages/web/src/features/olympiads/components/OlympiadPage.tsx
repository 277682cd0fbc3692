import { Placeholder } from '../../../shared/ui/Placeholder';

export default function OlympiadPage() {
  return (
    <Placeholder title="Олімпіади">
      Тут будуть розклад олімпіад, участь у них і таблиці найкращих учасників.
    </Placeholder>
  );
}
