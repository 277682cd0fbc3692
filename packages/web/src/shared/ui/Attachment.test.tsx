import { fireEvent, render, screen } from '@testing-library/react';
import type { FileFields } from '@yedyni/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Attachment, linkExpiresAt } from './Attachment';

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 10, 25, 12);
const fileOf = (fileType: string, expires: number): FileFields => ({
  fileURL: `/api/files/6e687cc6-06ee-4d23-8086-8af5ae721c17?e=${expires}&s=sig`,
  fileName: fileType.startsWith('image/') ? 'фото.png' : 'завдання.pdf',
  fileType,
});
/** A click as the browser would make it; false when the app kept the browser from following it. */
const follows = (link: HTMLElement) => fireEvent.click(link);

describe('Attachment: file links live 15 minutes', () => {
  afterEach(() => vi.useRealTimers());

  it('reads the expiry of a signed link', () => {
    expect(linkExpiresAt('/api/files/x?e=1795626541702&s=abc')).toBe(1795626541702);
    expect(linkExpiresAt('https://cdn.example.org/a.pdf')).toBeNull();
  });

  it('a download clicked after its link expired says so instead of opening the server’s bare refusal', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    render(<Attachment file={fileOf('application/pdf', NOW + 15 * MINUTE)} />);
    const link = screen.getByRole('link', { name: 'Завантажити завдання.pdf' });
    expect(follows(link)).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();

    vi.setSystemTime(NOW + 16 * MINUTE);
    expect(follows(link)).toBe(false);
    expect(screen.getByRole('alert')).toHaveTextContent('Оновіть сторінку, щоб відкрити файл.');
    expect(screen.getByRole('button', { name: 'Оновити сторінку' })).toBeInTheDocument();
  });

  it('an image that fails to load once its link expired says so; the full-size link is held back too', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    render(<Attachment file={fileOf('image/png', NOW + 15 * MINUTE)} />);
    const img = screen.getByRole('img', { name: 'фото.png' });
    fireEvent.error(img);
    expect(screen.queryByRole('alert')).toBeNull(); // a broken file, not a stale link

    vi.setSystemTime(NOW + 20 * MINUTE);
    expect(follows(screen.getByRole('link', { name: 'Відкрити зображення фото.png у повному розмірі' }))).toBe(false);
    expect(screen.getByRole('alert')).toHaveTextContent('застаріло');
  });

  it('a link that already looked expired when shown (this device’s clock is off) is left to the server', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    render(<Attachment file={fileOf('application/pdf', NOW - 30 * MINUTE)} />);
    expect(follows(screen.getByRole('link', { name: 'Завантажити завдання.pdf' }))).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
