import {
  GRATITUDE_TIERS,
  type GratitudeProgress,
  type Gratitudes,
  type GratitudeTier,
  gratitudeProgress,
} from '@yedyni/contract';
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

/** The tier reached and what the next one asks, in one kind of tiers. */
function Progress({
  type,
  total,
  progress,
}: {
  type: GratitudeTier['type'];
  total: number;
  progress: GratitudeProgress;
}) {
  const { reached, next, left } = progress;
  const now =
    type === 'subscribe' ? t.monthlyNow(total, reached?.gift ?? null) : t.onceNow(total, reached?.gift ?? null);
  const ahead =
    next === null ? t.top : type === 'subscribe' ? t.monthlyNext(next.gift, left) : t.onceNext(next.gift, next.from);
  return (
    <p className={styles.progress}>
      {now} {ahead}
    </p>
  );
}

/**
 * `/uk/bonus/gratitudes`: the gift tiers by type, those my support reached, the tier I stand at and
 * what the next one asks, and «Обрати», which prefills the donation form. Until the server answers
 * (or if it cannot), the tiers show unreached and where I stand is not told.
 */
export default function GratitudesPage() {
  const [tiers, setTiers] = useState<GratitudeTier[]>(() =>
    GRATITUDE_TIERS.map((tier) => ({ ...tier, reached: false })),
  );
  const [totals, setTotals] = useState<Gratitudes['totals'] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api
      .get<Gratitudes>('/partners/gratitudes')
      .then((answer) => {
        if (!live) return;
        setTiers(answer.tiers);
        setTotals(answer.totals);
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
      {KINDS.map(([type, title, from]) => {
        const progress = totals && gratitudeProgress(type, totals[type]);
        return (
          <section key={type} className={styles.tierGroup} aria-labelledby={`tiers-${type}`}>
            <h3 id={`tiers-${type}`}>{title}</h3>
            {totals && progress && <Progress type={type} total={totals[type]} progress={progress} />}
            <ul className={`${layout.list} ${styles.tiers}`}>
              {tiers
                .filter((tier) => tier.type === type)
                .map((tier) => {
                  const id = `tier-${type}-${tier.from}`;
                  const isNext = progress?.next?.from === tier.from;
                  return (
                    <li
                      key={id}
                      className={`${surfaces.card} ${styles.tier}${tier.reached ? ` ${styles.reached}` : ''}`}
                    >
                      <p id={id} className={styles.tierFrom}>
                        {from(tier.from)}
                      </p>
                      <p className={styles.tierGift}>{tier.gift}</p>
                      <div className={styles.tierFoot}>
                        {tier.reached && <span className={`${badges.badge} ${badges.success}`}>{t.reached}</span>}
                        {isNext && <span className={`${badges.badge} ${badges.accent}`}>{t.next}</span>}
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
        );
      })}
    </section>
  );
}
