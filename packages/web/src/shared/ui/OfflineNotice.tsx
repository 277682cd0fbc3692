import { useOnline } from '../lib/useOnline';
import styles from './OfflineNotice.module.css';

/** While the device is offline: what still works (what was opened before) and what waits for the network. */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <div role="status" className={styles.bar}>
      <p>
        <strong>Немає інтернету.</strong> Уроки, які ви вже відкривали на цьому пристрої, можна читати; решта
        відкриється, щойно повернеться звʼязок.
      </p>
    </div>
  );
}
