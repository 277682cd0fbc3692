import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../shared/api';
import { errorFields, useFormErrors } from '../../shared/lib/useFormErrors';
import { type FieldErrors, FieldErrorsContext } from '../../shared/ui/FieldErrors';
import { FormActions } from '../../shared/ui/FormActions';
import surfaces from '../../shared/ui/surfaces.module.css';
import { TextArea } from '../../shared/ui/TextArea';
import { TextField } from '../../shared/ui/TextField';
import styles from './Admin.module.css';
import { adminTexts } from './texts';

interface AdminFormProps {
  title: ReactNode;
  /** The fields (and anything said under the title); a two-column grid is `.grid` of Admin.module.css. */
  children: ReactNode;
  /** Sends the form; a rejection's message (or `failedText` when it has none) is shown above the buttons. */
  send: () => Promise<unknown>;
  /**
   * The body `send` would send, checked by `check` (checkWith(the contract's schema)) from the
   * first send on: every field named by its key (a field's `name`) is marked, and nothing is sent.
   */
  body?: unknown;
  check?: (body: unknown) => FieldErrors;
  /**
   * When set, submitting shows this and sends nothing (a check the schema cannot make for the
   * form); once shown, it goes as soon as the form is right.
   */
  problem?: string;
  /** The submit button's text, and its text while sending (default «Зберігаємо…»). */
  submit: string;
  busyText?: string;
  failedText?: string;
  /** «Скасувати» (an edit, or a form that closes). */
  onCancel?: () => void;
  /** More buttons after «Скасувати». */
  actions?: ReactNode;
  /** Under the buttons, still in the form. */
  after?: ReactNode;
  /** The title can take the focus from a script (tabIndex −1): the screen moves it there on opening. */
  focusable?: boolean;
  /** The title takes the focus when the form appears (implies `focusable`). */
  autoFocus?: boolean;
  className?: string;
}

/**
 * A form card of the console: its title (h3, naming the form), the fields, the failure, and
 * «submit» (disabled and renamed while sending) with «Скасувати».
 */
export function AdminForm({
  title,
  children,
  send,
  body,
  check,
  problem = '',
  submit,
  busyText = adminTexts.common.saving,
  failedText = '',
  onCancel,
  actions,
  after,
  focusable,
  autoFocus,
  className,
}: AdminFormProps) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [problemShown, setProblemShown] = useState(false);
  const checked = useFormErrors(body, check);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the form appears.
  useEffect(() => {
    if (autoFocus) heading.current?.focus();
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    const valid = checked.begin();
    setProblemShown(Boolean(problem));
    if (!valid || problem) return;
    setBusy(true);
    try {
      await send();
      setBusy(false);
      checked.done();
    } catch (error) {
      setBusy(false);
      if (!checked.refused(errorFields(error))) setFailure(errorMessage(error) || failedText);
    }
  };

  return (
    <form
      ref={checked.form}
      onInput={checked.onInput}
      className={`${surfaces.card} ${styles.form}${className ? ` ${className}` : ''}`}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h3
        id={`${id}-title`}
        ref={heading}
        tabIndex={focusable || autoFocus ? -1 : undefined}
        className={styles.formTitle}
      >
        {title}
      </h3>
      <FieldErrorsContext.Provider value={checked.errors}>{children}</FieldErrorsContext.Provider>
      <FormActions
        failure={problemShown && problem ? problem : failure}
        problems={checked.errors}
        busy={busy}
        submit={submit}
        busyText={busyText}
        onCancel={onCancel}
        className={styles.actions}
      >
        {actions}
      </FormActions>
      {after}
    </form>
  );
}

/** A form that creates a thing or edits one. */
export interface EditFormProps<Body> {
  /** Sends the body (POST or PUT); a rejection's message is shown in the form. */
  onSave: (body: Body) => Promise<unknown>;
  /** «Скасувати» of an edit. */
  onCancel?: () => void;
}

type Fields = Pick<ReturnType<typeof useFields<{ title: string; description: string }>>, 'fields' | 'set' | 'input'>;

/** «Назва» (200 characters) and «Опис» (3000) of a form's fields, each across the form's grid. */
export function NameFields({ texts, form }: { texts: { formTitle: string; formDescription: string }; form: Fields }) {
  return (
    <>
      <div className={styles.wide}>
        <TextField label={texts.formTitle} name="title" maxLength={200} {...form.input('title')} />
      </div>
      <div className={styles.wide}>
        <TextArea
          label={texts.formDescription}
          name="description"
          max={3000}
          rows={3}
          value={form.fields.description}
          onChange={form.set('description')}
        />
      </div>
    </>
  );
}

/**
 * A form's text fields as one record: `set(name)` for components that hand over the value
 * (TextArea), `input(name)` the value and onChange of an <input> (TextField).
 */
export function useFields<F extends { [K in keyof F]: string }>(initial: () => F) {
  const [fields, setFields] = useState<F>(initial);
  const set = (name: keyof F) => (value: string) => setFields((now) => ({ ...now, [name]: value }));
  const input = (name: keyof F) => ({
    value: fields[name],
    onChange: (event: { target: { value: string } }) => set(name)(event.target.value),
  });
  return { fields, setFields, set, input };
}

/**
 * The fields of an EditFormProps form: the record's (`fieldsOf`) or blank ones for a new record.
 * `body` is `bodyOf(fields)` (for AdminForm's check), `send` saves it; after a creation the form is blank again, for the next one.
 */
export function useEditFields<F extends { [K in keyof F]: string }, R, Body>({
  record,
  blank,
  fieldsOf,
  bodyOf,
  onSave,
}: {
  record: R | undefined;
  blank: F;
  fieldsOf: (record: R) => F;
  bodyOf: (fields: F) => Body;
  onSave: (body: Body) => Promise<unknown>;
}) {
  const form = useFields<F>(() => (record ? fieldsOf(record) : blank));
  const body = bodyOf(form.fields);
  const send = async () => {
    await onSave(body);
    if (!record) form.setFields(blank);
  };
  return { ...form, body, send };
}

/** A number field's value; undefined when empty (the server names what is missing). */
export const numberOrUndefined = (value: string) => (value.trim() === '' ? undefined : Number(value));
