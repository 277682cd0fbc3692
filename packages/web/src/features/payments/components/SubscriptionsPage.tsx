import { Placeholder } from '../../../shared/ui/Placeholder';

export default function SubscriptionsPage() {
  return (
    <Placeholder title="Підписки" level={2}>
      Тут будуть ваші щомісячні підписки, їхні платежі та можливість скасувати підписку.
    </Placeholder>
  );
}
