import type { AdminOlympiad, AdminOlympiads } from '@yedyni/contract';
import { formatDateTime } from '@yedyni/contract';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api';
import { Button } from '../../../shared/ui/Button';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction';
import layout from '../../../shared/ui/layout.module.css';
import {
  adminTexts,
  Badge,
  DataTable,
  FormToggle,
  ListState,
  type Outcome,
  OutcomeMessage,
  adminStyles as styles,
  useAdminQuery,
} from '../../admin';
import { type OlympiadInput, olympiadAdminApi, olympiadAdminPaths } from './api';
import { OlympiadForm } from './OlympiadForm';
import { olympiadAdminTexts } from './texts';

const t = olympiadAdminTexts;
const TONES = { upcoming: 'warn', open: 'ok', finished: undefined } as const;

/**
 * `/uk/admin/olympiads`: every olympiad (when, length, tasks, participants, state); schedule a new
 * one; change or delete one that has not started (the server refuses later with 409).
 */
export default function OlympiadsAdminPage() {
  const query = useAdminQuery<AdminOlympiads>(olympiadAdminPaths.olympiads());
  const { data, loading, reload, setData } = query;
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const formBox = useRef<HTMLDivElement>(null);
  const said = useRef<HTMLDivElement>(null);
  const edited = data?.olympiads.find((each) => each._id === editing);

  // An opened edit form takes the focus (it appears above the list); a result, once said, too.
  useEffect(() => {
    if (editing) formBox.current?.querySelector<HTMLElement>('h3')?.focus();
  }, [editing]);
  useEffect(() => {
    if (outcome) said.current?.focus();
  }, [outcome]);

  const create = async (body: OlympiadInput) => {
    const olympiad = await olympiadAdminApi.createOlympiad(body);
    setOutcome({ ok: true, text: t.created(olympiad.title, formatDateTime(olympiad.startsAt)) });
    reload();
  };

  const update = async (olympiadId: string, body: OlympiadInput) => {
    const olympiad = await olympiadAdminApi.updateOlympiad(olympiadId, body);
    setData((now) => now && { olympiads: now.olympiads.map((each) => (each._id === olympiadId ? olympiad : each)) });
    setEditing(null);
    setOutcome({ ok: true, text: t.saved(olympiad.title) });
  };

  const remove = async (olympiad: AdminOlympiad) => {
    setOutcome(null);
    try {
      await olympiadAdminApi.deleteOlympiad(olympiad._id);
      setData((now) => now && { olympiads: now.olympiads.filter((each) => each._id !== olympiad._id) });
      if (editing === olympiad._id) setEditing(null);
      setOutcome({ ok: true, text: t.deleted(olympiad.title) });
    } catch (failure) {
      setOutcome({ ok: false, text: errorMessage(failure) });
      reload();
    }
  };

  return (
    <section className={styles.page} aria-labelledby="admin-olympiads-title">
      <div className={`${layout.spread} ${styles.head}`}>
        <h2 id="admin-olympiads-title">{t.title}</h2>
        <FormToggle
          open={creating}
          controls="admin-olympiad-create"
          openText={t.newOne}
          onClick={() => {
            setCreating(!creating);
            setEditing(null);
          }}
        />
      </div>

      <div id="admin-olympiad-create" hidden={!creating}>
        {creating && <OlympiadForm onSave={create} />}
      </div>

      {edited && (
        <div ref={formBox}>
          <OlympiadForm
            key={edited._id}
            olympiad={edited}
            onSave={(body) => update(edited._id, body)}
            onCancel={() => setEditing(null)}
          />
        </div>
      )}

      {outcome && (
        <div ref={said} tabIndex={-1}>
          <OutcomeMessage outcome={outcome} />
        </div>
      )}

      <ListState query={query} count={(data) => data.olympiads.length} empty={t.none}>
        {(data) => (
          <DataTable
            caption={t.list}
            busy={loading}
            columns={[
              t.formTitle,
              t.when,
              t.duration,
              { label: t.tasks, num: true },
              { label: t.participants, num: true },
              t.state,
              { label: adminTexts.common.edit, hidden: true },
            ]}
          >
            {data.olympiads.map((olympiad) => (
              <tr key={olympiad._id}>
                <th scope="row" id={`olympiad-${olympiad._id}`}>
                  {olympiad.title}
                </th>
                <td data-label={t.when}>
                  <span>
                    <span className={styles.nowrap}>{formatDateTime(olympiad.startsAt)}</span> –{' '}
                    <span className={styles.nowrap}>{formatDateTime(olympiad.endsAt)}</span>
                  </span>
                </td>
                <td data-label={t.duration} className={styles.nowrap}>
                  {t.minutes(Math.round(olympiad.durationMs / 60_000))}
                </td>
                <td data-label={t.tasks} className={styles.num}>
                  {olympiad.taskCount}
                </td>
                <td data-label={t.participants} className={styles.num}>
                  {olympiad.participants}
                </td>
                <td data-label={t.state}>
                  <Badge tone={TONES[olympiad.state]}>{t.states[olympiad.state]}</Badge>
                </td>
                <td className={styles.actionsCell}>
                  {olympiad.state === 'upcoming' && (
                    <div>
                      <Button
                        variant="secondary"
                        className={styles.small}
                        aria-describedby={`olympiad-${olympiad._id}`}
                        onClick={() => {
                          setCreating(false);
                          setOutcome(null);
                          setEditing(olympiad._id);
                        }}
                      >
                        {adminTexts.common.edit}
                      </Button>
                      <ConfirmAction
                        compact
                        label={adminTexts.common.delete}
                        question={t.deleteQuestion(olympiad.title)}
                        confirm={t.deleteYes}
                        describedBy={`olympiad-${olympiad._id}`}
                        onConfirm={() => remove(olympiad)}
                      />
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListState>
    </section>
  );
}
