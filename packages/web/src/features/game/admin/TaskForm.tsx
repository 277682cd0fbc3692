import { type AdminTask, type TaskAnswer, taskBodySchema } from '@yedyni/contract';
import { type ReactNode, useId, useState } from 'react';
import { checkWith } from '../../../shared/lib/formCheck';
import { TaskView } from '../../../shared/tasks';
import { Button } from '../../../shared/ui/Button';
import type { FieldErrors } from '../../../shared/ui/FieldErrors';
import { TextArea } from '../../../shared/ui/TextArea';
import { TextField } from '../../../shared/ui/TextField';
import {
  AdminForm,
  adminTexts,
  codeInput,
  RightAnswer,
  SelectField,
  adminStyles as shared,
  useRefocus,
} from '../../admin';
import { gameAdminApi } from './api';
import styles from './Tasks.module.css';
import {
  blankDraft,
  commonOf,
  draftOf,
  LIMITS,
  newOptionRow,
  newPairRow,
  newTextRow,
  type PairRow,
  playTaskOf,
  type TaskDraft,
  type TextRow,
  taskOf,
  wordsOf,
} from './taskDraft';
import { TASK_CHOICES, taskAdminTexts as t } from './texts';

interface TaskFormProps {
  /** The task to edit; none for a new one. */
  task?: AdminTask;
  onSaved: (task: AdminTask, created: boolean) => void;
  onCancel: () => void;
}

const checkBody = checkWith(taskBodySchema);
/** The fields every type has: checked on their own while the type's fields still have a problem. */
const COMMON_KEYS = ['task.id', 'task.prompt', 'task.explanation'];

/** Admins: one game task of any type, created (POST) or changed (PUT), with a player's preview. */
export function TaskForm({ task, onSaved, onCancel }: TaskFormProps) {
  const id = useId();
  const [draft, setDraft] = useState<TaskDraft>(() => (task ? draftOf(task.task, task.active) : blankDraft()));
  const [previewing, setPreviewing] = useState(false);
  const editing = task !== undefined;
  const built = taskOf(draft);
  const body = { task: 'task' in built ? built.task : { ...commonOf(draft), type: draft.type }, active: draft.active };
  // Every problem at once: the contract's for the whole task, or, while the type's fields have a
  // problem of their own (`problem` below), those of the fields every type has.
  const check = (value: unknown): FieldErrors => {
    const errors = checkBody(value);
    return 'task' in built
      ? errors
      : Object.fromEntries(COMMON_KEYS.flatMap((key) => (errors[key] ? [[key, errors[key]]] : [])));
  };

  const set = <K extends keyof TaskDraft>(name: K, value: TaskDraft[K]) =>
    setDraft((now) => ({ ...now, [name]: value }));

  const send = async () => {
    if ('problem' in built) return; // `problem` below
    const saved = editing
      ? await gameAdminApi.updateGameTask(task.task.id, { task: built.task, active: draft.active })
      : await gameAdminApi.createGameTask({ task: built.task, active: draft.active });
    onSaved(saved, !editing);
  };

  return (
    <AdminForm
      className={styles.form}
      title={editing ? t.editTitle(task.task.id) : t.createTitle}
      // The title takes the focus when the form opens (from «Нове завдання» or a row's «Редагувати»).
      autoFocus
      send={send}
      body={body}
      check={check}
      problem={'problem' in built ? built.problem : ''}
      submit={editing ? t.save : t.create}
      onCancel={onCancel}
      actions={
        <Button
          variant="secondary"
          aria-expanded={previewing}
          aria-controls={`${id}-preview`}
          onClick={() => setPreviewing(!previewing)}
        >
          {previewing ? t.hidePreview : t.preview}
        </Button>
      }
      after={
        <div id={`${id}-preview`} hidden={!previewing}>
          {previewing && <PlayerPreview draft={draft} />}
        </div>
      }
    >
      <div className={styles.fields}>
        {editing ? (
          <p className={styles.fixedId}>
            {t.id}: <code>{task.task.id}</code> <span className={shared.muted}>{t.idFixed}</span>
          </p>
        ) : (
          <TextField
            label={t.id}
            name="task.id"
            hint={t.idHint}
            maxLength={64}
            required
            {...codeInput}
            value={draft.id}
            onChange={(event) => set('id', event.target.value)}
          />
        )}
        {(['type', 'level', 'topic', 'pool'] as const).map((name) => (
          <SelectField
            key={name}
            {...TASK_CHOICES[name]}
            value={String(draft[name])}
            // The options are the type's own values; the level is a number in the draft.
            onChange={(value) => setDraft((now) => ({ ...now, [name]: name === 'level' ? Number(value) : value }))}
          />
        ))}
        <div className={shared.wide}>
          <TextArea
            label={t.promptLabel}
            name="task.prompt"
            max={500}
            rows={2}
            value={draft.prompt}
            onChange={(v) => set('prompt', v)}
          />
        </div>
      </div>

      <TypeFields draft={draft} set={set} />

      <TextArea
        label={t.explanation}
        name="task.explanation"
        max={500}
        rows={3}
        value={draft.explanation}
        onChange={(v) => set('explanation', v)}
      />
      <label className={shared.check}>
        <input type="checkbox" checked={draft.active} onChange={(event) => set('active', event.target.checked)} />
        <span>{t.activeLabel}</span>
      </label>
    </AdminForm>
  );
}

type Setter = <K extends keyof TaskDraft>(name: K, value: TaskDraft[K]) => void;

/** The fields of the chosen type. */
function TypeFields({ draft, set }: { draft: TaskDraft; set: Setter }) {
  switch (draft.type) {
    case 'quiz':
      return (
        <Rows
          legend={t.quizOptions}
          hint={t.quizHint}
          rows={draft.quizOptions}
          limits={LIMITS.quizOptions}
          addLabel={t.addOption}
          make={newOptionRow}
          onChange={(quizOptions) => set('quizOptions', quizOptions)}
          render={(row, i, change) => (
            <>
              <TextField
                label={t.option(i + 1)}
                name={`task.options.${i}`}
                maxLength={500}
                data-row={row.key}
                value={row.text}
                onChange={(event) => change({ text: event.target.value })}
              />
              <RightAnswer
                className={styles.rightBox}
                label={t.rightAnswer}
                option={`(${t.option(i + 1).toLowerCase()})`}
                type="checkbox"
                checked={row.right}
                onChange={(event) => change({ right: event.target.checked })}
              />
            </>
          )}
          name={(i) => t.option(i + 1)}
        />
      );
    case 'match':
      return (
        <Rows<PairRow>
          legend={t.pairs}
          hint={t.pairsHint}
          rows={draft.pairs}
          limits={LIMITS.pairs}
          addLabel={t.addPair}
          make={newPairRow}
          onChange={(pairs) => set('pairs', pairs)}
          render={(row, i, change) => (
            <div className={`${shared.pair} ${styles.pair}`}>
              <TextField
                label={t.pairLeft(i + 1)}
                name={`task.pairs.${i}.0`}
                maxLength={500}
                data-row={row.key}
                value={row.left}
                onChange={(event) => change({ left: event.target.value })}
              />
              <TextField
                label={t.pairRight(i + 1)}
                name={`task.pairs.${i}.1`}
                maxLength={500}
                value={row.right}
                onChange={(event) => change({ right: event.target.value })}
              />
            </div>
          )}
          name={(i) => t.pair(i + 1)}
        />
      );
    case 'gap':
      return (
        <>
          <TextField
            label={t.gapText}
            name="task.text"
            hint={t.gapTextHint}
            maxLength={500}
            value={draft.gapText}
            onChange={(event) => set('gapText', event.target.value)}
          />
          <TextRows name="gapAnswers" draft={draft} set={set} />
          <label className={shared.check}>
            <input
              type="checkbox"
              checked={draft.gapUseOptions}
              onChange={(event) => set('gapUseOptions', event.target.checked)}
            />
            <span>{t.gapUseOptions}</span>
          </label>
          {draft.gapUseOptions && <TextRows name="gapOptions" draft={draft} set={set} />}
        </>
      );
    case 'order':
      return (
        <>
          <TextField
            label={t.orderWords}
            hint={`${t.orderWordsHint} ${t.words(wordsOf(draft.orderSentence).length)}.`}
            maxLength={2000}
            value={draft.orderSentence}
            onChange={(event) => set('orderSentence', event.target.value)}
          />
          <TextRows name="alternatives" draft={draft} set={set} />
        </>
      );
    case 'error':
      return <ErrorFields draft={draft} set={set} />;
  }
}

/** «Знайди помилку»: the sentence, the wrong word chosen among its words, the correction. */
function ErrorFields({ draft, set }: { draft: TaskDraft; set: Setter }) {
  const id = useId();
  const words = wordsOf(draft.errorSentence);
  return (
    <>
      <TextField
        label={t.errorWords}
        hint={`${t.errorWordsHint} ${t.words(words.length)}.`}
        maxLength={2000}
        value={draft.errorSentence}
        onChange={(event) => {
          const next = wordsOf(event.target.value);
          set('errorSentence', event.target.value);
          // The chosen word stays chosen while it is still there.
          if (draft.wrong !== null && words[draft.wrong] !== next[draft.wrong]) set('wrong', null);
        }}
      />
      <fieldset className={shared.group} aria-describedby={`${id}-hint`}>
        <legend className={styles.legend}>{t.wrongWord}</legend>
        <p id={`${id}-hint`} className={styles.hint}>
          {words.length ? t.wrongWordHint : t.noWords}
        </p>
        <div className={styles.words}>
          {words.map((word, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a word is its place in the sentence.
            <label key={i} className={styles.word}>
              <input type="radio" name={`${id}-wrong`} checked={draft.wrong === i} onChange={() => set('wrong', i)} />
              <span>{word}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={t.correction}
        name="task.correction"
        maxLength={500}
        value={draft.correction}
        onChange={(event) => set('correction', event.target.value)}
      />
    </>
  );
}

interface RowsProps<R extends { key: string }> {
  legend: string;
  hint: string;
  rows: R[];
  limits: readonly [number, number];
  addLabel: string;
  make: () => R;
  onChange: (rows: R[]) => void;
  /** The row's fields; `change` patches this row. */
  render: (row: R, index: number, change: (patch: Partial<R>) => void) => ReactNode;
  /** The row's name for its «Прибрати» button. */
  name: (index: number) => string;
}

/** A list of rows with «Додати» and «Прибрати» within the contract's limits; focus follows. */
function Rows<R extends { key: string }>({
  legend,
  hint,
  rows,
  limits,
  addLabel,
  make,
  onChange,
  render,
  name,
}: RowsProps<R>) {
  const id = useId();
  // A new row's first field, or «Додати» after a removal, takes the focus.
  const refocus = useRefocus();
  const [min, max] = limits;

  const add = () => {
    const row = make();
    refocus(`[data-row="${row.key}"]`);
    onChange([...rows, row]);
  };

  const remove = (key: string) => {
    refocus(`[id="${id}-add"]`);
    onChange(rows.filter((row) => row.key !== key));
  };

  return (
    <fieldset className={shared.group} aria-describedby={`${id}-hint`}>
      <legend className={styles.legend}>{legend}</legend>
      <p id={`${id}-hint`} className={styles.hint}>
        {hint}
      </p>
      {rows.map((row, i) => (
        <div key={row.key} className={`${shared.fieldRow} ${styles.row}`}>
          <div className={`${shared.fieldRow} ${styles.rowFields}`}>
            {render(row, i, (patch) => onChange(rows.map((r) => (r.key === row.key ? { ...r, ...patch } : r))))}
          </div>
          <button
            type="button"
            className={shared.removeButton}
            disabled={rows.length <= min}
            aria-label={adminTexts.common.removeWhat(name(i))}
            onClick={() => remove(row.key)}
          >
            {adminTexts.common.remove}
          </button>
        </div>
      ))}
      <div className={shared.actions}>
        <Button
          id={`${id}-add`}
          variant="secondary"
          className={shared.slim}
          disabled={rows.length >= max}
          onClick={add}
        >
          {addLabel}
        </Button>
      </div>
    </fieldset>
  );
}

/** The draft's lists of one text each, with their words. */
const TEXT_ROWS = {
  gapAnswers: { legend: t.gapAnswers, hint: t.gapAnswersHint, addLabel: t.addAnswer, label: t.answer },
  gapOptions: { legend: t.gapOptions, hint: t.gapOptionsHint, addLabel: t.addOption, label: t.option },
  alternatives: { legend: t.alternatives, hint: t.alternativesHint, addLabel: t.addAlternative, label: t.alternative },
};

/** Rows of one text each: one of the draft's text lists. */
function TextRows({ name, draft, set }: { name: keyof typeof TEXT_ROWS; draft: TaskDraft; set: Setter }) {
  const { label, ...texts } = TEXT_ROWS[name];
  return (
    <Rows<TextRow>
      {...texts}
      rows={draft[name]}
      limits={LIMITS[name]}
      onChange={(rows) => set(name, rows)}
      make={newTextRow}
      name={(i) => label(i + 1)}
      render={(row, i, change) => (
        <TextField
          label={label(i + 1)}
          maxLength={2000}
          data-row={row.key}
          value={row.text}
          onChange={(event) => change({ text: event.target.value })}
        />
      )}
    />
  );
}

/** The task as the game shows it, from the form's fields (no server call). */
function PlayerPreview({ draft }: { draft: TaskDraft }) {
  const [answer, setAnswer] = useState<TaskAnswer | null>(null);
  const built = taskOf(draft);
  return (
    <section className={styles.preview} aria-label={t.preview}>
      <p className={shared.muted}>{t.previewLead}</p>
      {'problem' in built ? (
        <p className={styles.previewProblem}>{built.problem}</p>
      ) : (
        <>
          {(built.task.type === 'match' || built.task.type === 'order') && (
            <p className={shared.muted}>{t.previewShuffled}</p>
          )}
          <TaskView
            task={{ ...playTaskOf(built.task), prompt: built.task.prompt.trim() || t.noPrompt }}
            answer={answer}
            onAnswer={setAnswer}
          />
        </>
      )}
    </section>
  );
}
