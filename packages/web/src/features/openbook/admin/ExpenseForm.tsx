import {
  type AdminExpense,
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_NAMES,
  EXPENSE_NOTE_MAX,
  EXPENSE_TITLE_MAX,
  type ExpenseCreate,
  type ExpenseUpdate,
  expenseCreateSchema,
  expenseUpdateSchema,
} from '@yedyni/contract';
import { useState } from 'react';
import { checkWith } from '../../../shared/lib/formCheck';
import { TextArea } from '../../../shared/ui/TextArea';
import { TextField } from '../../../shared/ui/TextField';
import field from '../../../shared/ui/TextField.module.css';
import { AdminForm, adminStyles as styles, useEditFields } from '../../admin';
import { expenseAdminTexts as t } from './texts';

interface Fields {
  amount: string;
  date: string;
  category: string;
  title: string;
  note: string;
}

const fieldsOf = (e: AdminExpense): Fields => ({
  amount: String(e.amount).replace('.', ','),
  date: e.date,
  category: e.category,
  title: e.title,
  note: e.note,
});

/** «1 250,50» (spaces, a comma or a point) → 1250.5; empty → undefined (the check names it). */
export function amountOf(text: string): number | undefined {
  const plain = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  return plain === '' ? undefined : Number(plain);
}

/** A key for one opened form: a repeated send of it makes one expense (the server keeps it). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const checkCreate = checkWith(expenseCreateSchema);
const checkUpdate = checkWith(expenseUpdateSchema);

interface ExpenseFormProps {
  /** The expense to edit; none for a new one. */
  expense?: AdminExpense;
  /** Today in Kyiv (`YYYY-MM-DD`), the latest date offered. */
  today: string;
  onCreate?: (body: ExpenseCreate) => Promise<unknown>;
  onUpdate?: (body: ExpenseUpdate) => Promise<unknown>;
  onCancel?: () => void;
}

/** An expense's amount, date, category, title and note; checked by the contract before it is sent. */
export function ExpenseForm({ expense, today, onCreate, onUpdate, onCancel }: ExpenseFormProps) {
  const [key, setKey] = useState(newKey);
  const blank: Fields = { amount: '', date: today, category: 'services', title: '', note: '' };
  const bodyOf = (fields: Fields) => {
    const common = {
      amount: amountOf(fields.amount) as number,
      date: fields.date,
      category: fields.category as ExpenseCreate['category'],
      title: fields.title,
      note: fields.note,
    };
    return expense ? { ...common, version: expense.version } : { ...common, key };
  };
  const form = useEditFields<Fields, AdminExpense, ExpenseCreate | ExpenseUpdate>({
    record: expense,
    blank,
    fieldsOf,
    bodyOf,
    onSave: async (body) => {
      if (expense) await onUpdate?.(body as ExpenseUpdate);
      else {
        await onCreate?.(body as ExpenseCreate);
        // The next expense is another request.
        setKey(newKey());
      }
    },
  });
  const { input } = form;
  return (
    <AdminForm
      title={expense ? t.editTitle(expense.title) : t.createTitle}
      autoFocus
      send={form.send}
      body={form.body}
      check={expense ? checkUpdate : checkCreate}
      submit={expense ? t.save : t.create}
      onCancel={onCancel}
    >
      <div className={styles.grid}>
        <TextField
          label={t.amount}
          name="amount"
          hint={t.amountHint}
          inputMode="decimal"
          autoComplete="off"
          {...input('amount')}
        />
        <TextField label={t.date} name="date" hint={t.dateHint} type="date" max={today} {...input('date')} />
        <div className={`${styles.wide} ${field.field}`}>
          <label className={field.label} htmlFor="expense-category">
            {t.category}
          </label>
          <select
            id="expense-category"
            name="category"
            className={field.input}
            value={form.fields.category}
            onChange={(event) => form.set('category')(event.target.value)}
          >
            {EXPENSE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {EXPENSE_CATEGORY_NAMES[c]}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.wide}>
          <TextField label={t.formTitle} name="title" maxLength={EXPENSE_TITLE_MAX} {...input('title')} />
        </div>
        <div className={styles.wide}>
          <TextArea
            label={t.note}
            name="note"
            hint={t.noteHint}
            max={EXPENSE_NOTE_MAX}
            rows={3}
            value={form.fields.note}
            onChange={form.set('note')}
          />
        </div>
      </div>
    </AdminForm>
  );
}
