import { useEffect, useState } from 'react';
import { Button } from '../../../shared/ui/Button';
import { OutcomeMessage, useOutcome } from '../../../shared/ui/Outcome';
import { notificationsApi } from '../api';
import { disablePush, enablePush, type PushState, pushState } from '../push';
import { notificationTexts as t } from '../texts';
import styles from './Notifications.module.css';

type Shown = PushState | 'unavailable' | 'checking';

/** Push on this device: what the browser and the server allow, and a button that switches it. */
export function PushSwitch() {
  const [state, setState] = useState<Shown>('checking');
  const [publicKey, setPublicKey] = useState<string | null>(null);
  const { busy, outcome, run } = useOutcome();

  useEffect(() => {
    let live = true;
    (async () => {
      const device = await pushState().catch((): PushState => 'unsupported');
      if (device === 'unsupported') return device;
      const { publicKey: key } = await notificationsApi.pushKey().catch(() => ({ publicKey: null }));
      if (live) setPublicKey(key);
      return key ? device : 'unavailable';
    })().then((shown) => live && setState(shown));
    return () => {
      live = false;
    };
  }, []);

  const toggle = () =>
    run(async () => {
      if (state === 'on') {
        setState(await disablePush());
        return t.pushDisabled;
      }
      const next = await enablePush(publicKey ?? '');
      // Refused or dismissed: the status line says so.
      setState(next);
      return next === 'on' ? t.pushEnabled : '';
    }, t.pushFailed);

  const status =
    state === 'checking'
      ? t.pushChecking
      : state === 'unsupported'
        ? t.pushUnsupported
        : state === 'unavailable'
          ? t.pushUnavailable
          : state === 'denied'
            ? t.pushDenied
            : state === 'on'
              ? t.pushOn
              : t.pushOff;

  return (
    <fieldset className={styles.group}>
      <legend>{t.pushLegend}</legend>
      <p className={styles.muted}>{status}</p>
      {(state === 'on' || state === 'off') && (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={toggle} disabled={busy} aria-busy={busy || undefined}>
            {state === 'on' ? t.pushDisable : t.pushEnable}
          </Button>
        </div>
      )}
      {outcome?.text && <OutcomeMessage outcome={outcome} />}
    </fieldset>
  );
}
