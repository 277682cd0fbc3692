import { useId } from 'react';
import { useCopy } from '../lib/useCopy';
import buttons from './buttons.module.css';
import styles from './CopyText.module.css';

const texts = {
  copy: 'Скопіювати',
  copied: 'Скопійовано',
  failed: 'Не вдалося скопіювати — виділіть і скопіюйте вручну.',
};

/**
 * A technical value people pass on (an order id for support or the sandbox's charge command):
 * its label, the value whole and selectable, and a button that copies it. `labelHidden` where a
 * column's header already shows the label (a table cell): screen readers still hear it.
 */
export function CopyText({ label, value, labelHidden }: { label: string; value: string; labelHidden?: boolean }) {
  const id = useId();
  const { copy, status } = useCopy({ done: texts.copied, failed: texts.failed });
  return (
    <div className={styles.copy}>
      <span id={`${id}-label`} className={labelHidden ? 'sr-only' : styles.label}>
        {label}
      </span>
      <code id={`${id}-value`} className={styles.value}>
        {value}
      </code>
      <button
        type="button"
        className={`${buttons.text} ${buttons.small}`}
        aria-describedby={`${id}-label ${id}-value`}
        onClick={() => copy(value)}
      >
        {texts.copy}
      </button>
      {/* A polite live region, not role="status": a screen may keep one status of its own. */}
      <span aria-live="polite" className={styles.status}>
        {status}
      </span>
    </div>
  );
}
