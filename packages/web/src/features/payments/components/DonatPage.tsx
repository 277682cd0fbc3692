import { Placeholder } from '../../../shared/ui/Placeholder';

export default function DonatPage() {
  return (
    <Placeholder title="Підтримати рух">
      Тут можна буде зробити внесок чи оформити щомісячну підписку карткою через LiqPay.
    </Placeholder>
  );
}
