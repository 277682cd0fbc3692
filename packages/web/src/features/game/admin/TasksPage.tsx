import type { AdminTask, AdminTasks } from '@yedyni/contract';
import { useEffect, useRef, useState } from 'react';
import { Notice } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import layout from '../../../shared/ui/layout.module.css';
import {
  Badge,
  DataTable,
  FilterInput,
  FormToggle,
  ListState,
  SelectField,
  adminStyles as shared,
  useAdminQuery,
  useDebounced,
} from '../../admin';
import { gameAdminPaths } from './api';
import { TaskForm } from './TaskForm';
import styles from './Tasks.module.css';
import { POOL_NAMES, TASK_CHOICES, type TaskTopic, TOPIC_NAMES, TYPE_NAMES, taskAdminTexts as t } from './texts';

interface Filters {
  level: string;
  type: string;
  topic: string;
  pool: string;
}

type Editing = { task?: AdminTask } | null;

/** `/uk/admin/game` (admins): the game's tasks, filtered and paged; a form per type to create and edit. */
export default function TasksPage() {
  const [filters, setFilters] = useState<Filters>({ level: '', type: '', topic: '', pool: '' });
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  // The page belongs to one filter and search: another choice starts from the first page.
  const [paging, setPaging] = useState({ key: '', page: 1 });
  const [editing, setEditing] = useState<Editing>(null);
  const [said, setSaid] = useState('');
  const pagingKey = JSON.stringify([filters, q]);
  const page = paging.key === pagingKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ key: pagingKey, page: next });
  const query = useAdminQuery<AdminTasks>(gameAdminPaths.gameTasks({ ...filters, q, page }));
  const { reload } = query;
  const returnTo = useRef<string | null>(null);

  // Closing the form gives the focus back to what opened it.
  useEffect(() => {
    if (editing || !returnTo.current) return;
    document.querySelector<HTMLElement>(returnTo.current)?.focus();
    returnTo.current = null;
  }, [editing]);

  const filter = (name: keyof Filters) => (value: string) => setFilters((now) => ({ ...now, [name]: value }));

  const open = (next: Editing, opener: string) => {
    returnTo.current = opener;
    setSaid('');
    setEditing(next);
  };

  const onSaved = (task: AdminTask, created: boolean) => {
    setSaid(created ? t.created(task.task.id) : t.saved(task.task.id));
    setEditing(null);
    reload();
  };

  return (
    <section className={shared.page} aria-labelledby="admin-tasks-title">
      <div className={`${layout.spread} ${shared.head}`}>
        <h2 id="admin-tasks-title" className={shared.pageTitle}>
          {t.title}
        </h2>
        {!editing?.task && (
          <FormToggle
            data-opener="new"
            open={editing !== null}
            controls="admin-task-form"
            openText={t.newTask}
            onClick={() => (editing ? setEditing(null) : open({}, '[data-opener="new"]'))}
          />
        )}
      </div>
      <p className={shared.lead}>{t.lead}</p>
      {said && <Notice>{said}</Notice>}

      <div id="admin-task-form" hidden={editing === null}>
        {editing && (
          <TaskForm
            key={editing.task?.task.id ?? 'new'}
            task={editing.task}
            onSaved={onSaved}
            onCancel={() => setEditing(null)}
          />
        )}
      </div>

      <search className={styles.filters} aria-label={t.filters}>
        <div className={shared.toolbar}>
          {(['level', 'type', 'topic', 'pool'] as const).map((name) => (
            <SelectField
              key={name}
              label={TASK_CHOICES[name].label}
              value={filters[name]}
              onChange={filter(name)}
              options={[['', t.all], ...TASK_CHOICES[name].options]}
            />
          ))}
          <FilterInput
            id="admin-task-search"
            label={t.search}
            type="search"
            placeholder={t.searchHint}
            maxLength={100}
            autoComplete="off"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </search>

      <ListState
        query={query}
        count={(data) => data.tasks.length}
        empty={t.empty}
        loadingLabel={t.loading}
        before={(data) => (
          <p className={shared.muted} aria-live="polite">
            {t.found(data.total)}
          </p>
        )}
        paging={{ page, onPage: setPage, label: t.pages }}
      >
        {(data) => (
          <DataTable
            caption={t.list}
            busy={query.loading}
            columns={[t.id, t.type, t.level, t.topic, t.pool, t.prompt, t.state, { label: t.actions, hidden: true }]}
          >
            {data.tasks.map((item) => (
              <tr key={item.task.id} className={item.active ? undefined : shared.muted}>
                <th scope="row" data-label={t.id}>
                  <code className={styles.id}>{item.task.id}</code>
                </th>
                <td data-label={t.type} className={shared.nowrap}>
                  {TYPE_NAMES[item.task.type]}
                </td>
                <td data-label={t.level} className={shared.num}>
                  {item.task.level}
                </td>
                <td data-label={t.topic} className={shared.nowrap}>
                  {TOPIC_NAMES[item.task.topic as TaskTopic] ?? item.task.topic}
                </td>
                <td data-label={t.pool} className={shared.nowrap}>
                  {POOL_NAMES[item.task.pool ?? 'game']}
                </td>
                <td data-label={t.prompt} className={styles.promptCell}>
                  {item.task.prompt}
                </td>
                <td data-label={t.state}>
                  {item.active ? <Badge tone="ok">{t.active}</Badge> : <Badge tone="off">{t.inactive}</Badge>}
                </td>
                <td className={shared.actionsCell}>
                  <div>
                    <Button
                      variant="secondary"
                      className={`${shared.slim} ${shared.nowrap}`}
                      data-opener={item.task.id}
                      aria-label={t.editTask(item.task.id)}
                      onClick={() => open({ task: item }, `[data-opener="${item.task.id}"]`)}
                    >
                      {t.edit}
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListState>
    </section>
  );
}
