import { formatLevel, formatUah } from '@yedyni/contract';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../shared/ui/Alert';
import { Button, buttonClass } from '../../../shared/ui/Button';
import layout from '../../../shared/ui/layout.module.css';
import { Spinner } from '../../../shared/ui/Spinner';
import surfaces from '../../../shared/ui/surfaces.module.css';
import { useSupportDispatch, useSupportSelector } from '../hooks';
import { fetchIndicators, selectPartnersState } from '../slice';
import { supportTexts as t } from '../texts';
import styles from './Support.module.css';

/** `/uk/bonus`: the support level and what it is made of, explained in plain words. */
export default function IndicatorsPage() {
  const dispatch = useSupportDispatch();
  const { indicators, isLoading, error } = useSupportSelector(selectPartnersState);

  // Fresh on every visit: the header's level follows.
  useEffect(() => {
    dispatch(fetchIndicators());
  }, [dispatch]);

  if (!indicators) {
    return (
      <section className={styles.page} aria-labelledby="indicators-title">
        <h2 id="indicators-title">{t.indicators}</h2>
        {error && !isLoading ? (
          <>
            <Alert>
              {t.failed} {error}
            </Alert>
            <Button variant="secondary" onClick={() => dispatch(fetchIndicators())}>
              {t.retry}
            </Button>
          </>
        ) : (
          <Spinner compact />
        )}
      </section>
    );
  }

  const cards = [
    {
      title: t.footprint,
      value: t.footprintValue(indicators.ukrainianMark),
      text: t.footprintExplain,
      link: ['/uk/bonus/mark', t.footprintLink],
    },
    {
      title: t.totalDonat,
      value: formatUah(indicators.totalDonat),
      text: t.totalDonatExplain,
      link: ['/uk/bonus/payments', t.paymentsLink],
    },
    { title: t.current, value: t.people(indicators.currentCount), text: t.currentExplain },
    { title: t.past, value: t.people(indicators.pastCount), text: t.pastExplain },
    { title: t.time, value: t.days(indicators.daysInMovement), text: t.timeExplain },
  ] as const;

  return (
    <section className={styles.page} aria-labelledby="indicators-title">
      <h2 id="indicators-title">{t.indicators}</h2>
      <div className={styles.hero}>
        <p className={styles.heroLabel}>{t.level}</p>
        <p className={styles.heroValue}>{formatLevel(indicators.levelSupport)}</p>
        <p className={styles.heroText}>{t.levelExplain}</p>
        <Link to="/uk/donat" className={buttonClass('accent')}>
          {t.donate}
        </Link>
      </div>
      <ul className={`${layout.list} ${styles.cards}`}>
        {cards.map((card) => (
          <li key={card.title} className={`${surfaces.card} ${styles.card}`}>
            <h3 className={styles.cardTitle}>{card.title}</h3>
            <p className={styles.cardValue}>{card.value}</p>
            <p className={styles.cardText}>{card.text}</p>
            {'link' in card && (
              <Link to={card.link[0]} className={styles.cardLink}>
                {card.link[1]}
              </Link>
            )}
          </li>
        ))}
      </ul>
      {error && <Alert>{error}</Alert>}
      <p className={styles.more}>
        <Link to="/uk/bonus/gratitudes">{t.gratitudesLink}</Link>
      </p>
    </section>
  );
}
