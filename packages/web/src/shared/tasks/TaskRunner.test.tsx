import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlayTask, TaskAnswer, TaskResult } from '@yedyni/contract';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { answersFor, describeAnswer, isAnswered, outcomeOf } from './answers';
import { TaskResults } from './TaskResults';
import { TaskRunner } from './TaskRunner';
import { formatClock, formatWait, localDeadline } from './useCountdown';

const tasks: PlayTask[] = [
  { id: 't1', type: 'quiz', level: 1, prompt: 'Перше питання', options: ['так', 'ні'], multiple: false },
  { id: 't2', type: 'error', level: 1, prompt: 'Друге питання', words: ['Я', 'приймаю', 'участь'] },
  { id: 't3', type: 'gap', level: 1, prompt: 'Третє питання', text: 'Котра ___?', options: ['година', 'час'] },
];

function renderRunner(deadline: number) {
  const onFinish = vi.fn();
  function Harness() {
    const [answers, setAnswers] = useState<(TaskAnswer | null)[]>(tasks.map(() => null));
    return (
      <TaskRunner
        tasks={tasks}
        answers={answers}
        onAnswer={(index, answer) => setAnswers((now) => now.map((a, i) => (i === index ? answer : a)))}
        deadline={deadline}
        onFinish={onFinish}
        busy={false}
      />
    );
  }
  render(<Harness />);
  return { onFinish };
}

describe('the timed runner', () => {
  it('one task at a time with «Завдання n з N», «Далі» / «Назад», and the step list', async () => {
    const ui = userEvent.setup();
    renderRunner(Date.now() + 7 * 60_000);
    expect(screen.getByText('Завдання 1 з 3')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Завдання 1 з 3' })).toHaveTextContent('Перше питання');
    expect(screen.getByRole('button', { name: /Назад/ })).toBeDisabled();
    await ui.click(screen.getByRole('radio', { name: 'так' }));
    expect(screen.getByRole('button', { name: '1, є відповідь' })).toHaveAttribute('aria-current', 'step');

    await ui.click(screen.getByRole('button', { name: /Далі/ }));
    expect(screen.getByText('Завдання 2 з 3')).toBeInTheDocument();
    // The new task's heading takes the focus.
    expect(screen.getByRole('heading', { name: 'Друге питання' })).toHaveFocus();
    await ui.click(screen.getByRole('button', { name: /Назад/ }));
    expect(screen.getByRole('radio', { name: 'так' })).toBeChecked();

    await ui.click(screen.getByRole('button', { name: '3, без відповіді' }));
    expect(screen.getByText('Завдання 3 з 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Далі/ })).toBeNull();
  });

  it('«Завершити» with tasks unanswered asks first; all answered, it sends at once', async () => {
    const ui = userEvent.setup();
    const { onFinish } = renderRunner(Date.now() + 7 * 60_000);
    await ui.click(screen.getByRole('radio', { name: 'так' }));
    await ui.click(screen.getByRole('button', { name: 'Завершити' }));
    expect(onFinish).not.toHaveBeenCalled();
    expect(screen.getByRole('group', { name: /залишилося завдань: 2/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Так, завершити' })).toHaveFocus();
    await ui.click(screen.getByRole('button', { name: 'Повернутися до завдань' }));
    await ui.click(screen.getByRole('button', { name: /Далі/ }));
    await ui.click(screen.getByRole('button', { name: 'приймаю' }));
    await ui.click(screen.getByRole('button', { name: /Далі/ }));
    await ui.click(screen.getByRole('button', { name: 'година' }));
    await ui.click(screen.getByRole('button', { name: 'Завершити' }));
    expect(onFinish).toHaveBeenCalledTimes(1);
  });

  it('the countdown shows mm:ss and sends the answers by itself at 0, once', () => {
    vi.useFakeTimers();
    const { onFinish } = renderRunner(Date.now() + 65_000);
    expect(screen.getByRole('timer')).toHaveTextContent('01:05');
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('00:55');
    expect(screen.getByText('Залишилася одна хвилина.')).toBeInTheDocument();
    expect(onFinish).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(56_000);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('00:00');
    expect(onFinish).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(onFinish).toHaveBeenCalledTimes(1);
  });
});

describe('the results', () => {
  it('the score, then per task: my answer (right, partly, wrong), the right answer and why', () => {
    const answers: (TaskAnswer | null)[] = [{ choices: [0] }, { index: 2 }, null];
    const results: TaskResult[] = [
      { id: 't1', points: 10, correct: 'так', explanation: 'Бо так.' },
      { id: 't2', points: 0, correct: 'приймаю → беру', explanation: 'Участь беруть.' },
      { id: 't3', points: 5, correct: 'Котра година?', explanation: 'Про час на годиннику.' },
    ];
    render(<TaskResults tasks={tasks} answers={answers} score={15} maxScore={30} late={false} results={results} />);
    expect(screen.getByText('15 з 30')).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Правильно · 10 з 10 балів');
    expect(items[0]).toHaveTextContent('Ваша відповідьтак');
    expect(items[1]).toHaveTextContent('Неправильно · 0 з 10 балів');
    expect(items[1]).toHaveTextContent('Ваша відповідьучасть');
    expect(items[1]).toHaveTextContent('Правильна відповідьприймаю → беру');
    expect(items[1]).toHaveTextContent('ПоясненняУчасть беруть.');
    expect(items[2]).toHaveTextContent('Частково · 5 з 10 балів');
    expect(items[2]).toHaveTextContent('Без відповіді');
  });

  it('late answers are explained', () => {
    render(<TaskResults tasks={tasks} answers={[]} score={0} maxScore={30} late results={[]} />);
    expect(screen.getByText(/після завершення часу/)).toBeInTheDocument();
  });
});

describe('answer helpers', () => {
  it('isAnswered: an empty choice, an untouched match, blank text count as none', () => {
    expect(isAnswered(null)).toBe(false);
    expect(isAnswered({ choices: [] })).toBe(false);
    expect(isAnswered({ matches: [null, null] })).toBe(false);
    expect(isAnswered({ matches: [null, 1] })).toBe(true);
    expect(isAnswered({ text: '  ' })).toBe(false);
    expect(isAnswered({ order: [] })).toBe(false);
    expect(isAnswered({ index: 0 })).toBe(true);
  });

  it('answersFor: one per task, null where there is none', () => {
    expect(answersFor(tasks, [{ choices: [] }, { index: 1 }])).toEqual([null, { index: 1 }, null]);
  });

  it('describeAnswer puts an answer in words', () => {
    const match: PlayTask = { id: 'm', type: 'match', level: 1, prompt: '', left: ['a', 'b'], right: ['x', 'y'] };
    const order: PlayTask = { id: 'o', type: 'order', level: 1, prompt: '', words: ['світ', 'Привіт,'] };
    expect(describeAnswer(tasks[0] as PlayTask, { choices: [1] })).toBe('ні');
    expect(describeAnswer(match, { matches: [1, null] })).toBe('a — y; b — …');
    expect(describeAnswer(tasks[2] as PlayTask, { text: 'година' })).toBe('Котра година?');
    expect(describeAnswer(order, { order: [1, 0] })).toBe('Привіт, світ');
    expect(describeAnswer(tasks[1] as PlayTask, { index: 1 })).toBe('приймаю');
    expect(describeAnswer(tasks[1] as PlayTask, null)).toBe('');
  });

  it('outcomeOf, formatClock, formatWait, localDeadline', () => {
    expect([outcomeOf(10), outcomeOf(4), outcomeOf(0)]).toEqual(['right', 'partly', 'wrong']);
    expect(formatClock(7 * 60_000)).toBe('07:00');
    expect(formatClock(59_001)).toBe('01:00');
    expect(formatClock(-5)).toBe('00:00');
    expect(formatWait(2 * 86_400_000 + 3 * 3_600_000 + 4 * 60_000 + 5_000)).toBe('2 дн. 03:04:05');
    expect(formatWait(61_000)).toBe('00:01:01');
    // A device clock behind the server's: the limit from arrival wins.
    expect(localDeadline(1_000_000, 500_000, 420_000)).toBe(920_000);
    expect(localDeadline(1_000_000, 700_000, 420_000)).toBe(1_000_000);
  });
});
