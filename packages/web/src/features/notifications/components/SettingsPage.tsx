import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CATEGORY_TITLES,
  NOTIFICATION_CHANNEL_TITLES,
  NOTIFICATION_CHANNELS,
  type NotificationCategory,
  type NotificationChannel,
  type NotificationPreferences,
} from '@yedyni/contract';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../shared/ui/Button';
import layout from '../../../shared/ui/layout.module.css';
import { OutcomeMessage, useOutcome } from '../../../shared/ui/Outcome';
import { Spinner } from '../../../shared/ui/Spinner';
import { notificationsApi } from '../api';
import { notificationTexts as t } from '../texts';
import { CategoryIcon } from './CategoryIcon';
import styles from './Notifications.module.css';
import { PushSwitch } from './PushSwitch';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** The security mail of the account cannot be switched off (the server keeps it on too). */
const fixed = (category: NotificationCategory, channel: NotificationChannel) =>
  category === 'account' && channel === 'email';

function HourSelect({ label, value, onChange }: { label: string; value: number; onChange: (hour: number) => void }) {
  const id = useId();
  return (
    <div className={styles.hour}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={styles.select}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {HOURS.map((h) => (
          <option key={h} value={h}>
            {t.hour(h)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * `/uk/notifications/settings`: category × channel, the digest hour, quiet hours, «Вимкнути все»,
 * and push on this device. Saved as a whole with one button.
 */
export default function SettingsPage({ reviewsHomework }: { reviewsHomework: boolean }) {
  // The review digest reaches only those who review homework: nobody else is offered it.
  const categories = NOTIFICATION_CATEGORIES.filter((category) => category !== 'review' || reviewsHomework);
  const [preferences, setPreferences] = useState<NotificationPreferences | null>(null);
  const [failed, setFailed] = useState(false);
  const { busy, outcome, setOutcome, run } = useOutcome();
  const allOffHint = useId();

  useEffect(() => {
    let live = true;
    notificationsApi.preferences().then(
      (loaded) => live && setPreferences(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  if (failed) return <Frame>{<p className={styles.muted}>{t.loadFailed}</p>}</Frame>;
  if (!preferences) return <Frame>{<Spinner compact />}</Frame>;

  const change = (next: Partial<NotificationPreferences>) => {
    setPreferences({ ...preferences, ...next });
    // A confirmation of the last save no longer describes what is on screen.
    setOutcome(null);
  };
  const switchChannel = (category: NotificationCategory, channel: NotificationChannel, on: boolean) =>
    change({
      categories: {
        ...preferences.categories,
        [category]: { ...preferences.categories[category], [channel]: on },
      },
    });

  const save = (event: FormEvent) => {
    event.preventDefault();
    run(async () => {
      setPreferences(await notificationsApi.savePreferences(preferences));
      return t.saved;
    });
  };

  return (
    <Frame>
      <form className={styles.form} onSubmit={save} noValidate>
        <div className={styles.group}>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={preferences.allOff}
              onChange={(event) => change({ allOff: event.target.checked })}
              aria-describedby={allOffHint}
            />
            <strong>{t.allOff}</strong>
          </label>
          <p id={allOffHint} className={styles.hint}>
            {t.allOffHint}
          </p>
        </div>

        <fieldset className={styles.group} disabled={preferences.allOff}>
          <legend>{t.category}</legend>
          <div className={styles.grid}>
            {categories.map((category) => {
              const title = NOTIFICATION_CATEGORY_TITLES[category];
              return (
                <fieldset key={category} className={styles.row}>
                  <legend className="sr-only">{t.channelsLegend(title)}</legend>
                  <span className={styles.rowTitle} aria-hidden="true">
                    <CategoryIcon category={category} />
                    {title}
                  </span>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <label key={channel} className={styles.check}>
                      <input
                        type="checkbox"
                        checked={fixed(category, channel) || preferences.categories[category][channel]}
                        disabled={fixed(category, channel)}
                        onChange={(event) => switchChannel(category, channel, event.target.checked)}
                      />
                      <span>
                        <span className="sr-only">{title}:</span> {NOTIFICATION_CHANNEL_TITLES[channel]}
                      </span>
                    </label>
                  ))}
                </fieldset>
              );
            })}
          </div>
          <p className={styles.hint}>{t.accountMailFixed}</p>
        </fieldset>

        <fieldset className={styles.group}>
          <legend>{t.timeLegend}</legend>
          <HourSelect
            label={t.digestHour}
            value={preferences.digestHour}
            onChange={(digestHour) => change({ digestHour })}
          />
          <fieldset className={styles.quiet}>
            <legend>{t.quietLegend}</legend>
            <div className={styles.hours}>
              <HourSelect
                label={t.quietFrom}
                value={preferences.quietFrom}
                onChange={(quietFrom) => change({ quietFrom })}
              />
              <HourSelect label={t.quietTo} value={preferences.quietTo} onChange={(quietTo) => change({ quietTo })} />
            </div>
            <p className={styles.hint}>{t.quietHint}</p>
          </fieldset>
        </fieldset>

        <div className={styles.actions}>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t.saving : t.save}
          </Button>
        </div>
        <OutcomeMessage outcome={outcome} />
      </form>
      <PushSwitch />
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <section className={styles.page} aria-labelledby="notification-settings-title">
      <div className={`${layout.spread} ${styles.head}`}>
        <h1 id="notification-settings-title">{t.settingsTitle}</h1>
        <Link to="/uk/notifications" className={styles.settingsLink}>
          <span aria-hidden="true">←</span> {t.backToList}
        </Link>
      </div>
      <p className={styles.lead}>{t.settingsLead}</p>
      {children}
    </section>
  );
}
