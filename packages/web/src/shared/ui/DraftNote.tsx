import styles from './DraftNote.module.css';

export const draftTexts = {
  restored: 'Чернетку відновлено.',
  discard: 'Відкинути',
  discardLabel: 'Відкинути чернетку',
};

/** Says that a form shows a draft kept from an earlier visit, with «Відкинути» to start over. */
export function DraftNote({ onDiscard }: { onDiscard: () => void }) {
  return (
    <div role="status" className={styles.note}>
      <span>{draftTexts.restored}</span>
      <button type="button" className={styles.discard} aria-label={draftTexts.discardLabel} onClick={onDiscard}>
        {draftTexts.discard}
      </button>
    </div>
  );
}
