import {
  type AdminExpense,
  type AdminExpenses,
  EXPENSE_CATEGORY_NAMES,
  formatUah,
  kyivIsoDate,
} from '@yedyni/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import buttons from '../../../shared/ui/buttons.module.css';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction';
import layout from '../../../shared/ui/layout.module.css';
import surfaces from '../../../shared/ui/surfaces.module.css';
import {
  FilterInput,
  FormToggle,
  ListState,
  OutcomeMessage,
  adminStyles as styles,
  useAdminQuery,
  useOutcome,
} from '../../admin';
import { expenseAdminApi, expensesPath, openbookPath } from '../api';
import { ExpenseForm } from './ExpenseForm';
import own from './Expenses.module.css';
import { expenseAdminTexts as t } from './texts';

/** `/uk/admin/openbook` (admins): a month's expenses for «Відкритий звіт»: add, change, delete. */
export default function ExpensesAdminPage() {
  const current = kyivIsoDate(Date.now()).slice(0, 7);
  const [month, setMonth] = useState(current);
  const query = useAdminQuery<AdminExpenses>(expensesPath(month));
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const outcome = useOutcome();
  const formId = useId();
  const today = query.data?.today ?? kyivIsoDate(Date.now());
  return (
    <section className={styles.page} aria-labelledby="admin-expenses-title">
      <h2 id="admin-expenses-title">{t.title}</h2>
      <p className={styles.lead}>{t.lead}</p>
      <div className={`${layout.spread} ${own.bar}`}>
        <FilterInput
          id="expenses-month"
          label={t.month}
          type="month"
          value={month}
          max={current}
          onChange={(event) => {
            if (/^\d{4}-\d{2}$/.test(event.target.value) && event.target.value <= current) {
              setMonth(event.target.value);
              setEditing(null);
            }
          }}
        />
        <Link to={openbookPath(month)}>{t.publicLink(month)}</Link>
      </div>
      <div>
        <FormToggle open={adding} controls={formId} openText={t.add} onClick={() => setAdding((open) => !open)} />
      </div>
      <div id={formId}>
        {adding && (
          <ExpenseForm
            today={today}
            onCancel={() => setAdding(false)}
            onCreate={async (body) => {
              await expenseAdminApi.create(body);
              outcome.setOutcome({ ok: true, text: t.added });
              query.reload();
            }}
          />
        )}
      </div>
      <OutcomeMessage outcome={outcome.outcome} />
      <h3 className={own.listTitle}>{t.list}</h3>
      <ListState query={query} count={(data) => data.expenses.length} empty={t.empty}>
        {(data) => (
          <ul className={`${layout.list} ${styles.cards}`} aria-label={t.list} aria-busy={query.loading}>
            {data.expenses.map((e) =>
              editing === e._id ? (
                <li key={e._id}>
                  <ExpenseForm
                    expense={e}
                    today={today}
                    onCancel={() => setEditing(null)}
                    onUpdate={async (body) => {
                      await expenseAdminApi.update(e._id, body);
                      setEditing(null);
                      outcome.setOutcome({ ok: true, text: t.saved });
                      query.reload();
                    }}
                  />
                </li>
              ) : (
                <li key={e._id}>
                  <ExpenseCard
                    expense={e}
                    onEdit={() => setEditing(e._id)}
                    onRemove={() =>
                      outcome.run(async () => {
                        await expenseAdminApi.remove(e);
                        query.reload();
                        return t.removed;
                      })
                    }
                  />
                </li>
              ),
            )}
          </ul>
        )}
      </ListState>
      {query.data && query.data.expenses.length > 0 && <p className={own.total}>{t.total(query.data.total)}</p>}
    </section>
  );
}

function ExpenseCard({
  expense,
  onEdit,
  onRemove,
}: {
  expense: AdminExpense;
  onEdit: () => void;
  onRemove: () => Promise<unknown>;
}) {
  const id = useId();
  return (
    <article className={`${surfaces.card} ${styles.card}`} aria-labelledby={id}>
      <div className={own.head}>
        <h4 id={id} className={own.title}>
          {expense.title}
        </h4>
        <span className={own.amount}>{formatUah(expense.amount)}</span>
      </div>
      <p className={styles.muted}>
        {expense.date.split('-').reverse().join('-')} · {EXPENSE_CATEGORY_NAMES[expense.category]}
      </p>
      {expense.note && <p className={own.note}>{expense.note}</p>}
      <div className={layout.row}>
        <button type="button" className={`${buttons.text} ${buttons.small}`} onClick={onEdit} aria-describedby={id}>
          {t.edit}
        </button>
        <ConfirmAction
          label={t.remove}
          question={t.removeQuestion}
          confirm={t.removeConfirm}
          onConfirm={onRemove}
          describedBy={id}
          compact
        />
      </div>
    </article>
  );
}
