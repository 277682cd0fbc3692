import { Placeholder } from '../../../shared/ui/Placeholder';

export default function GamePage() {
  return (
    <Placeholder title="Паляниця">
      Тут буде гра «Паляниця»: короткі завдання, щоб тренувати слова й вимову щодня і збирати бали.
    </Placeholder>
  );
}
