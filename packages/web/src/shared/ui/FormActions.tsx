import type { ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';
import { type FieldErrors, FormProblems } from './FieldErrors';

interface FormActionsProps {
  /** Why the last send failed; nothing when empty. */
  failure: string;
  /** The fields' problems that keep the form from being sent, listed with their fields' names. */
  problems?: FieldErrors;
  busy: boolean;
  /** The submit button's text, and its text while sending. */
  submit: string;
  busyText: string;
  /** «Скасувати», for a form that can close (an edit). */
  onCancel?: () => void;
  /** More buttons after «Скасувати». */
  children?: ReactNode;
  className?: string;
}

/** A form's end: its problems and failure, then «submit» (disabled and renamed while sending) and «Скасувати». */
export function FormActions({
  failure,
  problems = {},
  busy,
  submit,
  busyText,
  onCancel,
  children,
  className,
}: FormActionsProps) {
  return (
    <>
      <FormProblems problems={problems} />
      {failure && <Alert>{failure}</Alert>}
      <div className={className}>
        <Button type="submit" disabled={busy}>
          {busy ? busyText : submit}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Скасувати
          </Button>
        )}
        {children}
      </div>
    </>
  );
}
