import { Placeholder } from '../../../shared/ui/Placeholder';

export default function IndicatorsPage() {
  return (
    <Placeholder title="Показники" level={2}>
      Тут будуть ваші показники: рівень стабільності підтримки, сума внесків, «Український слід» і час у русі.
    </Placeholder>
  );
}
