import { CHARGE_RETRY_WINDOW_MS, type Subscription } from '@yedyni/contract';
import { Link } from 'react-router';
import { Notice } from '../../../shared/ui/Alert';
import { buttonClass } from '../../../shared/ui/Button';
import { paymentTexts as t } from '../texts';
import styles from './ChargeFailedNote.module.css';

/**
 * A subscription's failed charge, in its card: while the provider retries, that nothing needs
 * doing (a new subscription now could charge twice); once it ended, the one-click restart.
 */
export function ChargeFailedNote({ subscription }: { subscription: Subscription }) {
  const { chargeFailedAt, isUnsubscribe, restartable } = subscription.objSub;
  if (restartable) {
    return (
      <>
        <Notice tone="info">{t.chargeEnded}</Notice>
        <Link
          to={`/uk/donat/restart/${encodeURIComponent(subscription.data.order_id)}`}
          className={`${buttonClass('accent')} ${styles.restart}`}
        >
          {t.restart}
        </Link>
      </>
    );
  }
  if (chargeFailedAt === null || isUnsubscribe) return null;
  return <Notice tone="info">{t.chargeRetrying(chargeFailedAt, chargeFailedAt + CHARGE_RETRY_WINDOW_MS)}</Notice>;
}
