import { LESSON_LIMITS } from '@yedyni/contract';
import { type Ref, useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../shared/api';
import { excessOf } from '../../../shared/lib/limits';
import buttons from '../../../shared/ui/buttons.module.css';
import { describedBy, FieldError, useFieldError } from '../../../shared/ui/FieldErrors';
import { LimitStatus, limitedClass, limitIds } from '../../../shared/ui/LimitStatus';
import layout from '../../../shared/ui/layout.module.css';
import { Prose } from '../../../shared/ui/Prose';
import surfaces from '../../../shared/ui/surfaces.module.css';
import field from '../../../shared/ui/TextField.module.css';
import { courseAdminApi } from './api';
import styles from './Courses.module.css';
import { courseAdminTexts as t } from './texts';

/** How long the text has to rest before the preview is asked for. */
export const PREVIEW_DELAY_MS = 300;

interface Preview {
  html: string;
  loading: boolean;
  error: string;
}

/**
 * The server's sanitized HTML of `markdown` (the same sanitizer learners' lessons go through),
 * asked for once the text has rested PREVIEW_DELAY_MS; only the newest answer is kept.
 */
export function usePreview(markdown: string): Preview {
  const [state, setState] = useState<Preview>({ html: '', loading: markdown.trim() !== '', error: '' });
  useEffect(() => {
    if (!markdown.trim()) {
      setState({ html: '', loading: false, error: '' });
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      setState((now) => ({ ...now, loading: true }));
      courseAdminApi.preview(markdown).then(
        ({ html }) => {
          if (current) setState({ html, loading: false, error: '' });
        },
        (failure: unknown) => {
          if (current) setState((now) => ({ ...now, loading: false, error: errorMessage(failure) }));
        },
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [markdown]);
  return state;
}

export type PaneMode = 'edit' | 'preview';

/** The phone's switch: each pane and its button's text (the pane's id ends with its name). */
const MODES: readonly (readonly [PaneMode, string])[] = [
  ['edit', t.editMode],
  ['preview', t.previewMode],
];

interface MarkdownFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Which pane a narrow screen shows (both show side by side on a wide one). */
  mode: PaneMode;
  onMode: (mode: PaneMode) => void;
  onFocus: () => void;
  textareaRef: Ref<HTMLTextAreaElement>;
  rows?: number;
  /** The body's key: the form's problem for it shows under the text. */
  name?: string;
}

/**
 * A Markdown text area with its live preview: side by side when there is room, one at a time
 * with a «Редагувати / Перегляд» switch on a phone.
 */
export function MarkdownField({
  label,
  value,
  onChange,
  mode,
  onMode,
  onFocus,
  textareaRef,
  rows = 12,
  name,
}: MarkdownFieldProps) {
  const id = useId();
  const preview = usePreview(value);
  const limit = { id, value, max: LESSON_LIMITS.text };
  const problem = useFieldError(id, name, undefined);
  return (
    <section className={`${surfaces.card} ${styles.markdown}`} data-mode={mode} aria-labelledby={`${id}-label`}>
      <div className={layout.spread}>
        <label id={`${id}-label`} className={styles.markdownLabel} htmlFor={id}>
          {label}
        </label>
        <fieldset className={styles.toggle}>
          <legend className="sr-only">{t.modeGroup(label)}</legend>
          {MODES.map(([pane, text]) => (
            <button
              key={pane}
              type="button"
              className={buttons.outline}
              aria-pressed={mode === pane}
              aria-controls={`${id}-${pane}`}
              onClick={() => onMode(pane)}
            >
              {text}
            </button>
          ))}
        </fieldset>
      </div>
      <div className={styles.panes}>
        <div id={`${id}-edit`} className={`${styles.editPane} ${limitedClass}`}>
          <textarea
            ref={textareaRef}
            id={id}
            className={`${field.input} ${styles.markdownInput}`}
            rows={rows}
            spellCheck
            value={value}
            name={name}
            aria-invalid={excessOf(value, limit.max) > 0 || Boolean(problem.text) || undefined}
            aria-describedby={describedBy(`${id}-hint`, ...limitIds(limit), problem.errorId)}
            onFocus={onFocus}
            onChange={(event) => onChange(event.target.value)}
          />
          <span id={`${id}-hint`} className={field.hint}>
            {t.markdownHint}
          </span>
          <LimitStatus {...limit} />
          <FieldError id={problem.errorId} text={problem.text} />
        </div>
        <section
          id={`${id}-preview`}
          className={styles.previewPane}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: side by side the preview scrolls on its own: the keyboard must reach it.
          tabIndex={0}
          aria-label={t.preview(label)}
          aria-busy={preview.loading}
        >
          <p className={styles.previewTitle} aria-hidden="true">
            {t.previewMode}
            {preview.loading && <span className={styles.previewBusy}> · {t.previewLoading}</span>}
          </p>
          {preview.error && (
            <p role="alert" className={styles.previewError}>
              {t.previewFailed} {preview.error}
            </p>
          )}
          {preview.html ? (
            <Prose html={preview.html} />
          ) : (
            !preview.loading && <p className={styles.previewEmpty}>{t.previewEmpty}</p>
          )}
        </section>
      </div>
    </section>
  );
}
