import { Placeholder } from '../../../shared/ui/Placeholder';

export default function PaymentsPage() {
  return (
    <Placeholder title="Внески" level={2}>
      Тут буде історія ваших внесків за обраний період.
    </Placeholder>
  );
}
