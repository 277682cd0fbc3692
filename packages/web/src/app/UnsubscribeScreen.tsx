import { AuthCard } from '../features/auth/components/AuthCard';
import Unsubscribe, { UnsubscribeLinks, unsubscribeTitle } from '../features/notifications/components/UnsubscribePage';

/** `/unsubscribe?token=…`: the notifications feature's one-click unsubscribe in the account screens' card. */
export default function UnsubscribeScreen() {
  return (
    <AuthCard title={unsubscribeTitle} footer={<UnsubscribeLinks />}>
      <Unsubscribe />
    </AuthCard>
  );
}
