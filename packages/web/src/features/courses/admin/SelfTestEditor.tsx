import { LESSON_LIMITS } from '@yedyni/contract';
import { useId } from 'react';
import { Button } from '../../../shared/ui/Button';
import { LimitedTextField } from '../../../shared/ui/LimitedTextField';
import { TextArea } from '../../../shared/ui/TextArea';
import { adminTexts, RightAnswer, adminStyles as shared, useRefocus } from '../../admin';
import styles from './Courses.module.css';
import {
  blankQuestion,
  MAX_OPTIONS,
  MAX_QUESTIONS,
  MIN_OPTIONS,
  newKey,
  type OptionRow,
  type QuestionRow,
} from './draft';
import { ItemControls } from './ItemControls';
import { move } from './lib';
import { Panel } from './Panel';
import { courseAdminTexts as t } from './texts';

interface SelfTestEditorProps {
  test: QuestionRow[];
  onChange: (test: QuestionRow[]) => void;
}

/** The self-test: questions with 2–8 options, the right one marked, and an explanation each. */
export function SelfTestEditor({ test, onChange }: SelfTestEditorProps) {
  const id = useId();
  const refocus = useRefocus();
  const addId = `${id}-add`;
  const set = (key: string, patch: Partial<QuestionRow>) =>
    onChange(test.map((q) => (q.key === key ? { ...q, ...patch } : q)));

  const add = () => {
    const question = blankQuestion();
    refocus(`[data-question="${question.key}"]`);
    onChange([...test, question]);
  };

  return (
    <Panel title={t.test}>
      {test.length === 0 ? (
        <p className={shared.muted}>{t.testEmpty}</p>
      ) : (
        <ol className={styles.items}>
          {test.map((q, index) => (
            <li key={q.key} className={styles.item}>
              <fieldset className={styles.itemFieldset}>
                <legend className={styles.itemName}>{t.question(index + 1)}</legend>
                <LimitedTextField
                  label={t.questionText}
                  name={`test.${index}.question`}
                  limit={LESSON_LIMITS.question}
                  data-question={q.key}
                  value={q.question}
                  onChange={(event) => set(q.key, { question: event.target.value })}
                />
                <OptionsEditor
                  question={q}
                  at={`test.${index}`}
                  onChange={(patch) => set(q.key, patch)}
                  refocus={refocus}
                />
                <TextArea
                  label={t.explanation}
                  name={`test.${index}.explanation`}
                  max={LESSON_LIMITS.explanation}
                  rows={2}
                  value={q.explanation}
                  onChange={(explanation) => set(q.key, { explanation })}
                />
                <ItemControls
                  row={q.key}
                  index={index}
                  count={test.length}
                  what={t.question(index + 1)}
                  onMove={(step) => onChange(move(test, index, step))}
                  onRemove={() => onChange(test.filter((other) => other.key !== q.key))}
                  afterRemove={`[id="${addId}"]`}
                  refocus={refocus}
                  removeLabel={t.removeQuestion2(index + 1)}
                  removeText={t.removeQuestionShort}
                />
              </fieldset>
            </li>
          ))}
        </ol>
      )}
      <div className={shared.actions}>
        <Button id={addId} variant="secondary" disabled={test.length >= MAX_QUESTIONS} onClick={add}>
          {t.addQuestion}
        </Button>
      </div>
    </Panel>
  );
}

/** The options of one question: a text each, a radio for the right one, add and remove. */
function OptionsEditor({
  question,
  at,
  onChange,
  refocus,
}: {
  question: QuestionRow;
  /** The question's key in the body (`test.2`): its options' problems are found under it. */
  at: string;
  onChange: (patch: Partial<QuestionRow>) => void;
  refocus: (...selectors: string[]) => void;
}) {
  const id = useId();
  const addId = `${id}-add`;
  const { options, answer } = question;

  const setText = (key: string, text: string) =>
    onChange({ options: options.map((option) => (option.key === key ? { ...option, text } : option)) });

  const remove = (index: number) => {
    const next = options.filter((_, i) => i !== index);
    // The right option keeps being the same option; when it is the one removed, the first is.
    const right = index === answer ? 0 : index < answer ? answer - 1 : answer;
    refocus(`[id="${addId}"]`);
    onChange({ options: next, answer: right });
  };

  const add = () => {
    const option: OptionRow = { key: newKey(), text: '' };
    refocus(`[data-option="${option.key}"]`);
    onChange({ options: [...options, option] });
  };

  return (
    <fieldset className={shared.group}>
      <legend className={styles.optionsLegend}>{t.options}</legend>
      {options.map((option, index) => (
        <div key={option.key} className={shared.fieldRow}>
          <div className={styles.optionText}>
            <LimitedTextField
              label={t.optionLabel(index + 1)}
              name={`${at}.options.${index}`}
              limit={LESSON_LIMITS.option}
              data-option={option.key}
              value={option.text}
              onChange={(event) => setText(option.key, event.target.value)}
            />
          </div>
          <div className={styles.optionControls}>
            <RightAnswer
              className={styles.rightOption}
              label={t.right}
              option={t.optionLabel(index + 1).toLowerCase()}
              type="radio"
              name={`${id}-right`}
              checked={answer === index}
              onChange={() => onChange({ answer: index })}
            />
            <button
              type="button"
              className={shared.removeButton}
              disabled={options.length <= MIN_OPTIONS}
              aria-label={t.removeOption(index + 1)}
              onClick={() => remove(index)}
            >
              {adminTexts.common.remove}
            </button>
          </div>
        </div>
      ))}
      <div className={shared.actions}>
        <Button
          id={addId}
          variant="secondary"
          className={shared.slim}
          disabled={options.length >= MAX_OPTIONS}
          onClick={add}
        >
          {t.addOption}
        </Button>
      </div>
    </fieldset>
  );
}
