import { MISTAKE_TAGS, MISTAKES, type MistakeTag } from '@yedyni/contract';
import { replyTexts as t } from '../texts';
import styles from './Replies.module.css';

interface TagTogglesProps {
  value: readonly MistakeTag[];
  onChange: (tags: MistakeTag[]) => void;
  disabled?: boolean;
}

/** The five mistake tags as toggles; the value stays in the set's order. */
export function TagToggles({ value, onChange, disabled }: TagTogglesProps) {
  const toggle = (tag: MistakeTag) =>
    onChange(MISTAKE_TAGS.filter((one) => (one === tag ? !value.includes(one) : value.includes(one))));
  return (
    <fieldset className={styles.toggles} disabled={disabled}>
      <legend>{t.tags}</legend>
      {MISTAKE_TAGS.map((tag) => (
        <button
          key={tag}
          type="button"
          className={styles.toggle}
          aria-pressed={value.includes(tag)}
          onClick={() => toggle(tag)}
        >
          {MISTAKES[tag].title}
        </button>
      ))}
    </fieldset>
  );
}
