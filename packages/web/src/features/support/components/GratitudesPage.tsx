import { GRATITUDE_TIERS, type GratitudeTier } from '@yedyni/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { api, errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { buttonClass } from '../../../shared/ui/Button';
import badges from '../../../shared/ui/badges.module.css';
import layout from '../../../shared/ui/layout.module.css';
import surfaces from '../../../shared/ui/surfaces.module.css';
import { supportTexts as t } from '../texts';
import styles from './Support.module.css';

const KINDS = [
  ['subscribe', t.subscribe, t.fromMonthly],
  ['once', t.once, t.fromOnce],
] as const;

/**
 * `/uk/bonus/gratitudes`: the gift tiers by type, those my support reached, and «Обрати», which
 * prefills the donation form. Until the server answers (or if it cannot), the tiers show unreached.
 */
export default function GratitudesPage() {
  const [tiers, setTiers] = useState<GratitudeTier[]>(() =>
    GRATITUDE_TIERS.map((tier) => ({ ...tier, reached: false })),
  );
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api
      .get<{ tiers: GratitudeTier[] }>('/partners/gratitudes')
      .then((answer) => {
        if (live) setTiers(answer.tiers);
      })
      .catch((failure: unknown) => {
        if (live) setError(`${t.gratitudesFailed} ${errorMessage(failure)}`);
      });
    return () => {
      live = false;
    };
  }, []);

  return (
    <section className={styles.page} aria-labelledby="gratitudes-title">
      <h2 id="gratitudes-title">{t.gratitudes}</h2>
      <p className={styles.lead}>{t.gratitudesLead}</p>
      {error && <Alert>{error}</Alert>}
      {KINDS.map(([type, title, from]) => (
        <section key={type} className={styles.tierGroup} aria-labelledby={`tiers-${type}`}>
          <h3 id={`tiers-${type}`}>{title}</h3>
          <ul className={`${layout.list} ${styles.tiers}`}>
            {tiers
              .filter((tier) => tier.type === type)
              .map((tier) => {
                const id = `tier-${type}-${tier.from}`;
                return (
                  <li key={id} className={`${surfaces.card} ${styles.tier}${tier.reached ? ` ${styles.reached}` : ''}`}>
                    <p id={id} className={styles.tierFrom}>
                      {from(tier.from)}
                    </p>
                    <p className={styles.tierGift}>{tier.gift}</p>
                    <div className={styles.tierFoot}>
                      {tier.reached && <span className={`${badges.badge} ${badges.success}`}>{t.reached}</span>}
                      <Link
                        to={`/uk/donat?${new URLSearchParams({ amount: String(tier.from), type })}`}
                        className={`${buttonClass(tier.reached ? 'secondary' : 'primary')} ${styles.choose}`}
                        aria-describedby={id}
                      >
                        {t.choose}
                      </Link>
                    </div>
                  </li>
                );
              })}
          </ul>
        </section>
      ))}
    </section>
  );
}
