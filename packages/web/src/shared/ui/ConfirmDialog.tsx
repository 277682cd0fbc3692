import type { ReactNode } from 'react';
import { Button } from './Button';
import confirmStyles from './ConfirmAction.module.css';
import styles from './ConfirmDialog.module.css';
import { Modal } from './Modal';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in words that name the person, the thing, the time. */
  children: ReactNode;
  /** The «yes» button: says what it does («Так, змінити»). */
  confirm: string;
  /** The «no» button; Escape and the backdrop answer it too. */
  cancel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Red «yes», for what cannot be taken back. */
  danger?: boolean;
}

/**
 * A question in the modal dialog before a step with no way back (a role change, the single
 * attempt). The safe answer comes first, so it takes the focus when the dialog opens; Escape
 * cancels.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirm,
  cancel = 'Скасувати',
  onConfirm,
  onCancel,
  danger = false,
}: ConfirmDialogProps) {
  return (
    <Modal open={open} onClose={onCancel} title={title}>
      <div className={styles.text}>{children}</div>
      <div className={styles.answers}>
        <Button variant="secondary" onClick={onCancel}>
          {cancel}
        </Button>
        <Button variant="primary" className={danger ? confirmStyles.dangerSolid : undefined} onClick={onConfirm}>
          {confirm}
        </Button>
      </div>
    </Modal>
  );
}
