import { type ReactNode, useEffect, useId, useRef } from 'react';
import buttons from './buttons.module.css';
import styles from './Modal.module.css';

interface ModalProps {
  open: boolean;
  /** Escape, the backdrop and the close button all ask to close through this. */
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** The text of the close button in the corner; none when the content has its own answers. */
  closeLabel?: string;
}

/**
 * A modal dialog (native <dialog>: focus stays inside, Escape closes, focus returns to the opener).
 * Its content is rendered only while it is open.
 */
export function Modal({ open, onClose, title, children, closeLabel }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is the keyboard way out (the cancel event).
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: the dialog closes through the state, like every other way.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog itself, outside its box.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && (
        <div className={styles.box}>
          <div className={styles.head}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {closeLabel && (
              <button type="button" className={`${buttons.text} ${styles.close}`} onClick={onClose}>
                {closeLabel}
              </button>
            )}
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
