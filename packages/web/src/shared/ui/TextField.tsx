import type { WholeRange } from '@yedyni/contract';
import { useId } from 'react';
import { describedBy, FieldError, useFieldError } from './FieldErrors';
import { TextInput, type TextInputProps } from './TextInput';

interface TextFieldProps extends Omit<TextInputProps, 'children'> {
  /** Its problem; without it, the form's problem for its `name` (FieldErrorsContext). */
  error?: string;
}

/**
 * A labelled input with an optional hint and its problem under it, both tied to it by
 * aria-describedby; a problem also marks it aria-invalid.
 */
export function TextField({ hint, error, id, ...rest }: TextFieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const problem = useFieldError(inputId, rest.name, error);
  return (
    <TextInput
      {...rest}
      id={inputId}
      hint={hint}
      aria-describedby={describedBy(rest['aria-describedby'] ?? (hint && `${inputId}-hint`), problem.errorId)}
      aria-invalid={problem.text ? true : rest['aria-invalid']}
    >
      <FieldError id={problem.errorId} text={problem.text} />
    </TextInput>
  );
}

/** A whole number within the contract's range (the same `min`/`max` the server checks). */
export function NumberField({ range, ...rest }: Omit<TextFieldProps, 'type' | 'min' | 'max'> & { range: WholeRange }) {
  return <TextField {...rest} type="number" inputMode="numeric" min={range.min} max={range.max} />;
}
