import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LAZY_ERROR, LAZY_LOAD_TIMEOUT_MS, lazyScreen } from './lazyScreen';

function Loaded({ name }: { name: string }) {
  return <p>Завантажено: {name}</p>;
}

describe('lazyScreen', () => {
  // React reports errors caught by a boundary on the console; here they are the point of the test.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows a spinner, then the screen with its props', async () => {
    const Screen = lazyScreen(async () => ({ default: Loaded }));
    render(<Screen name="профіль" />);
    expect(screen.getByRole('status')).toHaveTextContent('Завантаження…');
    expect(await screen.findByText('Завантажено: профіль')).toBeInTheDocument();
  });

  it('a preloaded screen renders at once, without a spinner frame', async () => {
    const load = vi.fn(async () => ({ default: Loaded }));
    const Screen = lazyScreen(load);
    Screen.preload();
    await act(async () => {});
    render(<Screen name="теорія" />);
    expect(screen.getByText('Завантажено: теорія')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed load shows a Ukrainian error, and «Спробувати ще раз» loads again', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Loaded }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Loaded });
    const Screen = lazyScreen(load);
    render(<Screen name="курси" />);

    expect(await screen.findByRole('alert')).toHaveTextContent(LAZY_ERROR);
    await userEvent.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await screen.findByText('Завантажено: курси')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it(`gives up after LAZY_LOAD_TIMEOUT_MS (${LAZY_LOAD_TIMEOUT_MS} ms)`, async () => {
    vi.useFakeTimers();
    const Screen = lazyScreen(() => new Promise<never>(() => {}));
    render(<Screen />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LAZY_LOAD_TIMEOUT_MS - 1);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByRole('alert')).toHaveTextContent(LAZY_ERROR);
    expect(screen.getByRole('button', { name: 'Спробувати ще раз' })).toBeInTheDocument();
  });
});
