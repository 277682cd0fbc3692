import { Placeholder } from '../../../shared/ui/Placeholder';

export default function GratitudesPage() {
  return (
    <Placeholder title="Подяки" level={2}>
      Тут будуть подяки руху за регулярну підтримку та внески, і які з них ви вже отримали.
    </Placeholder>
  );
}
