import { useId, useRef, useState } from 'react';
import { ACCEPT_FILES, formatSize, MAX_FILE_BYTES } from '../../../shared/lib/files';
import buttons from '../../../shared/ui/buttons.module.css';
import { homeworkTexts as t } from '../texts';
import styles from './Homework.module.css';

interface FilePickerProps {
  label: string;
  hint?: string;
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}

/**
 * One optional file: the chosen one's name and size, a way to take it back, and the 10 MiB limit
 * checked before anything is uploaded.
 */
export function FilePicker({ label, hint = t.fileHint, file, onChange, disabled }: FilePickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState('');

  const choose = (chosen: File | null) => {
    if (chosen && chosen.size > MAX_FILE_BYTES) {
      setRefused(t.tooLarge(formatSize(chosen.size)));
      if (input.current) input.current.value = '';
      onChange(null);
      return;
    }
    setRefused('');
    onChange(chosen);
  };

  const clear = () => {
    if (input.current) input.current.value = '';
    setRefused('');
    onChange(null);
    input.current?.focus();
  };

  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <span id={`${id}-hint`} className={styles.hint}>
        {hint}
      </span>
      {/* The native input stays (keyboard, screen readers, drops), invisible over a Ukrainian button. */}
      <div className={styles.pick}>
        <span className={`${buttons.outline} ${buttons.picker} ${styles.pickButton}`}>
          <span aria-hidden="true">{file ? t.chooseOther : t.choose}</span>
          <input
            ref={input}
            id={id}
            type="file"
            className={buttons.pickerInput}
            accept={ACCEPT_FILES}
            disabled={disabled}
            aria-describedby={`${id}-hint`}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
          />
        </span>
        <span className={styles.chosen} aria-live="polite">
          {file ? t.chosen(file.name, formatSize(file.size)) : t.noFile}
        </span>
        {file && (
          <button type="button" className={styles.linkButton} onClick={clear} disabled={disabled}>
            {t.unchoose}
          </button>
        )}
      </div>
      {refused && (
        <p role="alert" className={styles.refused}>
          {refused}
        </p>
      )}
    </div>
  );
}
