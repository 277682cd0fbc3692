import type { PlayTask, TaskAnswer } from '@yedyni/contract';
import { type Ref, useEffect, useId, useRef } from 'react';
import buttons from '../ui/buttons.module.css';
import layout from '../ui/layout.module.css';
import field from '../ui/TextField.module.css';
import styles from './Tasks.module.css';
import { taskTexts as t } from './texts';

export interface TaskViewProps {
  task: PlayTask;
  /** The answer so far (null: none yet). */
  answer: TaskAnswer | null;
  /** A new answer, in the shape the server takes for this type; null when it is cleared. */
  onAnswer: (answer: TaskAnswer | null) => void;
  /** The task's heading, to move focus to when the task is shown. */
  headingRef?: Ref<HTMLHeadingElement>;
}

interface BodyProps {
  task: PlayTask;
  answer: TaskAnswer | null;
  onAnswer: (answer: TaskAnswer | null) => void;
  /** The id of the prompt (the heading): the controls' group is named by it. */
  promptId: string;
}

/** One task of any type: its prompt as a heading, then the controls of its type. */
export function TaskView({ task, answer, onAnswer, headingRef }: TaskViewProps) {
  const promptId = useId();
  const body = { task, answer, onAnswer, promptId };
  return (
    <div className={styles.task}>
      <h2 id={promptId} ref={headingRef} tabIndex={-1} className={styles.prompt}>
        {task.prompt}
      </h2>
      {task.type === 'quiz' && <QuizTask {...body} />}
      {task.type === 'match' && <MatchTask {...body} />}
      {task.type === 'gap' && <GapTask {...body} />}
      {task.type === 'order' && <OrderTask {...body} />}
      {task.type === 'error' && <ErrorTask {...body} />}
    </div>
  );
}

/** Quiz: radio buttons, or checkboxes when several options are right → `{ choices }`. */
export function QuizTask({ task, answer, onAnswer, promptId }: BodyProps) {
  const name = useId();
  const hintId = `${name}-hint`;
  const chosen = answer && 'choices' in answer ? answer.choices : [];
  const multiple = task.multiple === true;

  const pick = (i: number) => {
    if (!multiple) return onAnswer({ choices: [i] });
    const next = chosen.includes(i) ? chosen.filter((c) => c !== i) : [...chosen, i].sort((a, b) => a - b);
    onAnswer(next.length ? { choices: next } : null);
  };

  return (
    <fieldset aria-labelledby={promptId} aria-describedby={hintId} className={styles.body}>
      <p id={hintId} className={styles.hint}>
        {multiple ? t.quizMany : t.quizOne}
      </p>
      <div className={styles.options}>
        {(task.options ?? []).map((option, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: options are identified by position.
          <label key={i} className={styles.option}>
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={name}
              checked={chosen.includes(i)}
              onChange={() => pick(i)}
            />
            <span>{option}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Matching: for each left item a select of the right items → `{ matches }` (for each left item the
 * index of its right item, null while unpaired). A right item pairs with one row: choosing it
 * again elsewhere moves it.
 */
export function MatchTask({ task, answer, onAnswer, promptId }: BodyProps) {
  const id = useId();
  const left = task.left ?? [];
  const right = task.right ?? [];
  const matches = left.map((_, row) => (answer && 'matches' in answer ? (answer.matches[row] ?? null) : null));

  const choose = (row: number, value: number | null) => {
    const next = matches.map((m) => (value !== null && m === value ? null : m));
    next[row] = value;
    onAnswer(next.some((m) => m !== null) ? { matches: next } : null);
  };

  return (
    <fieldset aria-labelledby={promptId} aria-describedby={`${id}-hint`} className={styles.body}>
      <p id={`${id}-hint`} className={styles.hint}>
        {t.matchHint}
      </p>
      <ol className={layout.list}>
        {left.map((item, row) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are identified by position.
          <li key={row} className={styles.pair}>
            <label htmlFor={`${id}-${row}`} className={styles.pairLeft}>
              {item}
            </label>
            <select
              id={`${id}-${row}`}
              className={matches[row] === null ? field.input : `${field.input} ${styles.selectChosen}`}
              value={matches[row] ?? ''}
              onChange={(event) => choose(row, event.target.value === '' ? null : Number(event.target.value))}
            >
              <option value="">{t.matchNone}</option>
              {right.map((option, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: options are identified by position.
                <option key={j} value={j}>
                  {matches.some((m, r) => m === j && r !== row) ? `${option} ✓` : option}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ol>
    </fieldset>
  );
}

/** Fill the gap: option buttons, or a text field when there are no options → `{ text }`. */
export function GapTask({ task, answer, onAnswer, promptId }: BodyProps) {
  const id = useId();
  const text = answer && 'text' in answer ? answer.text : '';
  const [before = '', after = ''] = (task.text ?? '___').split('___');
  const options = task.options ?? [];

  return (
    <fieldset aria-labelledby={promptId} aria-describedby={`${id}-hint`} className={styles.body}>
      <p className={styles.sentence}>
        {before}
        <span className={text.trim() ? `${styles.blank} ${styles.blankFilled}` : styles.blank}>
          {text.trim() || <span className="sr-only">пропуск</span>}
        </span>
        {after}
      </p>
      <p id={`${id}-hint`} className={styles.hint}>
        {options.length ? t.gapChoose : t.gapType}
      </p>
      {options.length ? (
        <div className={layout.row}>
          {options.map((option, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: options are identified by position.
              key={i}
              type="button"
              className={`${buttons.outline} ${styles.chip}`}
              aria-pressed={text === option}
              onClick={() => onAnswer(text === option ? null : { text: option })}
            >
              {option}
            </button>
          ))}
        </div>
      ) : (
        <div className={styles.field}>
          <label htmlFor={`${id}-input`} className={styles.fieldLabel}>
            {t.gapInput}
          </label>
          <input
            id={`${id}-input`}
            className={field.input}
            value={text}
            maxLength={200}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            onChange={(event) => onAnswer(event.target.value ? { text: event.target.value } : null)}
          />
        </div>
      )}
    </fieldset>
  );
}

/**
 * Word order: tap the words in order to build the sentence, tap a word of the sentence to take it
 * back → `{ order }` (indices into `words`). Focus stays on the area just used.
 */
export function OrderTask({ task, answer, onAnswer, promptId }: BodyProps) {
  const id = useId();
  const words = task.words ?? [];
  const order = answer && 'order' in answer ? answer.order : [];
  const rest = words.map((_, i) => i).filter((i) => !order.includes(i));
  const built = useRef<HTMLFieldSetElement>(null);
  const bank = useRef<HTMLFieldSetElement>(null);
  const refocus = useRef<{ area: 'built' | 'bank'; position: number } | null>(null);

  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted) return;
    refocus.current = null;
    const inArea = (area: HTMLFieldSetElement | null) => [...(area?.querySelectorAll('button') ?? [])];
    const same = inArea(wanted.area === 'built' ? built.current : bank.current);
    const other = inArea(wanted.area === 'built' ? bank.current : built.current);
    (same[Math.min(wanted.position, same.length - 1)] ?? other.at(-1))?.focus();
  });

  const add = (word: number, position: number) => {
    refocus.current = { area: 'bank', position };
    onAnswer({ order: [...order, word] });
  };
  const remove = (position: number) => {
    refocus.current = { area: 'built', position };
    const next = order.filter((_, p) => p !== position);
    onAnswer(next.length ? { order: next } : null);
  };

  return (
    <fieldset aria-labelledby={promptId} aria-describedby={`${id}-hint`} className={styles.body}>
      <p id={`${id}-hint`} className={styles.hint}>
        {t.orderHint}
      </p>
      <fieldset ref={built} aria-label={t.orderSentence} className={styles.built}>
        {order.length === 0 ? (
          <p className={styles.builtEmpty}>{t.orderEmpty}</p>
        ) : (
          order.map((word, position) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: the sentence is a sequence of positions.
              key={`${position}-${word}`}
              type="button"
              className={`${buttons.outline} ${styles.chip} ${styles.chipPlaced}`}
              onClick={() => remove(position)}
            >
              {words[word]}
            </button>
          ))
        )}
      </fieldset>
      <fieldset ref={bank} aria-label={t.orderWords} className={layout.row}>
        {rest.map((word, position) => (
          <button
            key={word}
            type="button"
            className={`${buttons.outline} ${styles.chip}`}
            onClick={() => add(word, position)}
          >
            {words[word]}
          </button>
        ))}
      </fieldset>
      {order.length > 0 && (
        <button type="button" className={`${buttons.text} ${styles.textButton}`} onClick={() => onAnswer(null)}>
          {t.orderClear}
        </button>
      )}
    </fieldset>
  );
}

/** Find the error: the sentence's words as buttons; the one tapped is the answer → `{ index }`. */
export function ErrorTask({ task, answer, onAnswer, promptId }: BodyProps) {
  const id = useId();
  const chosen = answer && 'index' in answer ? answer.index : null;
  return (
    <fieldset aria-labelledby={promptId} aria-describedby={`${id}-hint`} className={styles.body}>
      <p id={`${id}-hint`} className={styles.hint}>
        {t.errorHint}
      </p>
      <div className={styles.words}>
        {(task.words ?? []).map((word, i) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: words are identified by position.
            key={i}
            type="button"
            className={styles.word}
            aria-pressed={chosen === i}
            onClick={() => onAnswer(chosen === i ? null : { index: i })}
          >
            {word}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
