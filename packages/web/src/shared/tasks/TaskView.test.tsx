import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlayTask, TaskAnswer } from '@yedyni/contract';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TaskView } from './TaskView';

/** The task with its answer kept as the round keeps it; every answer given is recorded. */
function renderTask(task: PlayTask, initial: TaskAnswer | null = null) {
  const given = vi.fn<(answer: TaskAnswer | null) => void>();
  function Harness() {
    const [answer, setAnswer] = useState<TaskAnswer | null>(initial);
    return (
      <TaskView
        task={task}
        answer={answer}
        onAnswer={(next) => {
          setAnswer(next);
          given(next);
        }}
      />
    );
  }
  render(<Harness />);
  return { given, last: () => given.mock.calls.at(-1)?.[0], ui: userEvent.setup() };
}

const quiz: PlayTask = {
  id: 'q',
  type: 'quiz',
  level: 1,
  prompt: 'Як правильно сказати?',
  options: ['Ми беремо участь.', 'Ми приймаємо участь.', 'Ми участвуємо.'],
  multiple: false,
};

describe('task screens: each type answers in the shape the server takes', () => {
  it('quiz: radio buttons named by the prompt → { choices: [i] }', async () => {
    const { ui, last } = renderTask(quiz);
    const group = screen.getByRole('group', { name: 'Як правильно сказати?' });
    expect(group).toHaveAccessibleDescription('Оберіть одну відповідь.');
    expect(screen.getByRole('heading', { level: 2, name: 'Як правильно сказати?' })).toBeInTheDocument();
    await ui.click(within(group).getByLabelText('Ми приймаємо участь.'));
    expect(last()).toEqual({ choices: [1] });
    await ui.click(screen.getByLabelText('Ми беремо участь.'));
    expect(last()).toEqual({ choices: [0] });
    expect(screen.getByRole('radio', { name: 'Ми беремо участь.' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Ми приймаємо участь.' })).not.toBeChecked();
  });

  it('quiz with several right options: checkboxes → { choices } sorted; none left → null', async () => {
    const { ui, last } = renderTask({ ...quiz, multiple: true, prompt: 'Оберіть усі правильні' });
    expect(screen.getByRole('group', { name: 'Оберіть усі правильні' })).toHaveAccessibleDescription(
      'Оберіть усі правильні відповіді.',
    );
    await ui.click(screen.getByRole('checkbox', { name: 'Ми участвуємо.' }));
    await ui.click(screen.getByRole('checkbox', { name: 'Ми беремо участь.' }));
    expect(last()).toEqual({ choices: [0, 2] });
    await ui.click(screen.getByRole('checkbox', { name: 'Ми участвуємо.' }));
    expect(last()).toEqual({ choices: [0] });
    await ui.click(screen.getByRole('checkbox', { name: 'Ми беремо участь.' }));
    expect(last()).toBeNull();
  });

  it('quiz by keyboard: arrows move between the radio buttons', async () => {
    const { ui, last } = renderTask(quiz);
    await ui.tab();
    await ui.keyboard(' ');
    expect(last()).toEqual({ choices: [0] });
    await ui.keyboard('{ArrowDown}');
    expect(last()).toEqual({ choices: [1] });
  });

  describe('matching', () => {
    const match: PlayTask = {
      id: 'm',
      type: 'match',
      level: 1,
      prompt: 'Зʼєднайте пари',
      left: ['полотенце', 'вилка', 'простыня'],
      right: ['простирадло', 'рушник', 'виделка'],
    };

    it('a select per left item, labelled by it → { matches } with the right column’s indices, null while unpaired', async () => {
      const { ui, last } = renderTask(match);
      expect(screen.getByRole('group', { name: 'Зʼєднайте пари' })).toBeInTheDocument();
      await ui.selectOptions(screen.getByRole('combobox', { name: 'полотенце' }), 'рушник');
      expect(last()).toEqual({ matches: [1, null, null] });
      await ui.selectOptions(screen.getByRole('combobox', { name: 'простыня' }), 'простирадло');
      await ui.selectOptions(screen.getByRole('combobox', { name: 'вилка' }), 'виделка');
      expect(last()).toEqual({ matches: [1, 2, 0] });
      expect(screen.getByRole('combobox', { name: 'вилка' })).toHaveDisplayValue('виделка');
    });

    it('a right item pairs with one row: choosing it for another row takes it from the first', async () => {
      const { ui, last } = renderTask(match);
      await ui.selectOptions(screen.getByRole('combobox', { name: 'полотенце' }), 'рушник');
      // Taken items are marked in the other rows' lists.
      expect(
        within(screen.getByRole('combobox', { name: 'вилка' })).getByRole('option', { name: 'рушник ✓' }),
      ).toBeTruthy();
      await ui.selectOptions(screen.getByRole('combobox', { name: 'вилка' }), 'рушник ✓');
      expect(last()).toEqual({ matches: [null, 1, null] });
      expect(screen.getByRole('combobox', { name: 'полотенце' })).toHaveDisplayValue('— оберіть —');
      // Back to «— оберіть —» everywhere: no answer.
      await ui.selectOptions(screen.getByRole('combobox', { name: 'вилка' }), '— оберіть —');
      expect(last()).toBeNull();
    });
  });

  it('gap with options: the chosen word fills the gap → { text }; pressing it again clears it', async () => {
    const { ui, last } = renderTask({
      id: 'g',
      type: 'gap',
      level: 1,
      prompt: 'Заповніть пропуск',
      text: 'Ми ___ участь у конкурсі.',
      options: ['беремо', 'приймаємо'],
    });
    const group = screen.getByRole('group', { name: 'Заповніть пропуск' });
    expect(group).toHaveTextContent('Ми пропуск участь у конкурсі.');
    await ui.click(screen.getByRole('button', { name: 'беремо' }));
    expect(last()).toEqual({ text: 'беремо' });
    expect(screen.getByRole('button', { name: 'беремо' })).toHaveAttribute('aria-pressed', 'true');
    expect(group).toHaveTextContent('Ми беремо участь у конкурсі.');
    await ui.click(screen.getByRole('button', { name: 'приймаємо' }));
    expect(last()).toEqual({ text: 'приймаємо' });
    await ui.click(screen.getByRole('button', { name: 'приймаємо' }));
    expect(last()).toBeNull();
  });

  it('gap without options: a text field → { text }', async () => {
    const { ui, last } = renderTask({
      id: 'g2',
      type: 'gap',
      level: 2,
      prompt: 'Впишіть слово',
      text: 'Котра ___?',
    });
    await ui.type(screen.getByRole('textbox', { name: 'Слово для пропуску' }), 'година');
    expect(last()).toEqual({ text: 'година' });
    expect(screen.getByRole('group', { name: 'Впишіть слово' })).toHaveTextContent('Котра година?');
  });

  describe('word order', () => {
    const order: PlayTask = {
      id: 'o',
      type: 'order',
      level: 1,
      prompt: 'Складіть речення',
      words: ['коштує', 'Квиток', 'гривні.', 'дві'],
    };
    const bank = () => screen.getByRole('group', { name: 'Слова' });
    const sentence = () => screen.getByRole('group', { name: 'Ваше речення' });

    it('tapping words builds the sentence → { order } of the shown words’ indices', async () => {
      const { ui, last } = renderTask(order);
      expect(sentence()).toHaveTextContent('Тут складеться речення.');
      for (const word of ['Квиток', 'коштує', 'дві', 'гривні.']) {
        await ui.click(within(bank()).getByRole('button', { name: word }));
      }
      expect(last()).toEqual({ order: [1, 0, 3, 2] });
      expect(within(bank()).queryAllByRole('button')).toHaveLength(0);
      expect(
        within(sentence())
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Квиток', 'коштує', 'дві', 'гривні.']);
    });

    it('tapping a word of the sentence takes it back to the words; «Почати спочатку» clears all', async () => {
      const { ui, last } = renderTask(order);
      await ui.click(within(bank()).getByRole('button', { name: 'дві' }));
      await ui.click(within(bank()).getByRole('button', { name: 'Квиток' }));
      await ui.click(within(bank()).getByRole('button', { name: 'коштує' }));
      expect(last()).toEqual({ order: [3, 1, 0] });
      await ui.click(within(sentence()).getByRole('button', { name: 'дві' }));
      expect(last()).toEqual({ order: [1, 0] });
      expect(within(bank()).getByRole('button', { name: 'дві' })).toBeInTheDocument();
      await ui.click(screen.getByRole('button', { name: 'Почати спочатку' }));
      expect(last()).toBeNull();
      expect(within(bank()).getAllByRole('button')).toHaveLength(4);
    });

    it('by keyboard: focus stays among the words after each tap', async () => {
      const { ui, last } = renderTask(order);
      within(bank()).getByRole('button', { name: 'коштує' }).focus();
      await ui.keyboard('{Enter}');
      // «коштує» moved into the sentence; the next word of the bank has the focus.
      expect(document.activeElement).toHaveTextContent('Квиток');
      await ui.keyboard('{Enter}');
      expect(last()).toEqual({ order: [0, 1] });
      // Taking back from the sentence keeps the focus in the sentence.
      within(sentence()).getByRole('button', { name: 'коштує' }).focus();
      await ui.keyboard('{Enter}');
      expect(last()).toEqual({ order: [1] });
      expect(document.activeElement).toHaveTextContent('Квиток');
    });
  });

  it('find the error: the sentence’s words are toggle buttons → { index }', async () => {
    const { ui, last } = renderTask({
      id: 'e',
      type: 'error',
      level: 1,
      prompt: 'Знайдіть помилку',
      words: ['Я', 'приймаю', 'участь', 'у', 'конкурсі.'],
    });
    expect(screen.getByRole('group', { name: 'Знайдіть помилку' })).toHaveAccessibleDescription(
      'Торкніться слова з помилкою.',
    );
    await ui.click(screen.getByRole('button', { name: 'приймаю' }));
    expect(last()).toEqual({ index: 1 });
    expect(screen.getByRole('button', { name: 'приймаю' })).toHaveAttribute('aria-pressed', 'true');
    await ui.click(screen.getByRole('button', { name: 'участь' }));
    expect(last()).toEqual({ index: 2 });
    expect(screen.getByRole('button', { name: 'приймаю' })).toHaveAttribute('aria-pressed', 'false');
    await ui.click(screen.getByRole('button', { name: 'участь' }));
    expect(last()).toBeNull();
  });

  it('an answer given before is shown again (back to an earlier task)', () => {
    renderTask(quiz, { choices: [2] });
    expect(screen.getByRole('radio', { name: 'Ми участвуємо.' })).toBeChecked();
  });
});
