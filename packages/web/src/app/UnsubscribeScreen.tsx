import Unsubscribe, { UnsubscribeLinks, unsubscribeTitle } from '../features/notifications/components/UnsubscribePage';
import { CardPage } from '../shared/ui/CardPage';

/** `/unsubscribe?token=…`: the notifications feature's one-click unsubscribe in the account screens' card. */
export default function UnsubscribeScreen() {
  return (
    <CardPage title={unsubscribeTitle} footer={<UnsubscribeLinks />}>
      <Unsubscribe />
    </CardPage>
  );
}
