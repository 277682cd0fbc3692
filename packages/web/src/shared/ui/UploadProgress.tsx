import { UPLOAD_CANCELLED } from '../api';
import type { UploadState } from '../lib/useUpload';
import styles from './UploadProgress.module.css';

export const uploadTexts = {
  sending: (name: string) => `Надсилаємо «${name}»`,
  /** All bytes are out; the server is checking and storing them. */
  saving: 'Зберігаємо…',
  cancel: 'Скасувати',
  cancelLabel: (name: string) => `Скасувати надсилання «${name}»`,
  cancelled: UPLOAD_CANCELLED,
};

/** Whole percent sent (shown with the non-breaking space Ukrainian puts before «%»). */
export function percentOf({ loaded, total }: UploadState): number {
  return total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;
}

interface UploadProgressProps {
  progress: UploadState;
  onCancel: () => void;
  className?: string;
}

/**
 * A file on its way: a bar named after the file, the percent, and «Скасувати» while bytes are
 * still leaving. Once all are out the server may already be storing them, so cancelling is no
 * longer offered (it could not promise to undo).
 */
export function UploadProgress({ progress, onCancel, className }: UploadProgressProps) {
  const percent = percentOf(progress);
  const sent = progress.total > 0 && progress.loaded >= progress.total;
  const label = uploadTexts.sending(progress.name);
  return (
    <div className={className ? `${styles.upload} ${className}` : styles.upload}>
      <div className={styles.line}>
        <span className={styles.name}>{label}</span>
        <span className={styles.percent}>{sent ? uploadTexts.saving : `${percent}\u00a0%`}</span>
      </div>
      <div className={styles.line}>
        <progress
          className={styles.bar}
          max={100}
          value={percent}
          aria-label={label}
          aria-valuetext={`${percent}\u00a0%`}
        />
        {!sent && (
          <button
            type="button"
            className={styles.cancel}
            onClick={onCancel}
            aria-label={uploadTexts.cancelLabel(progress.name)}
          >
            {uploadTexts.cancel}
          </button>
        )}
      </div>
    </div>
  );
}
