import { screen } from '@testing-library/react';
import { kyivTime } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const ID = 'AB12CD34EF';
const GET = `GET /api/certificates/${ID}`;
const issuedAt = kyivTime(2026, 4, 7);
const certificate = { name: 'Марʼяна Ковальчук', course: 'Альфа', wave: '29', issuedAt, revoked: null };

describe('/certificates/:id (public)', () => {
  it('signed out: says the certificate stands, with exactly what the server sends, and offers the PDF', async () => {
    mockApi({ [GET]: () => json(certificate) });
    const { path } = renderApp(`/certificates/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Перевірка сертифіката' })).toBeInTheDocument();
    expect(await screen.findByText('Сертифікат дійсний')).toBeInTheDocument();
    expect(screen.getByText('Марʼяна Ковальчук')).toBeInTheDocument();
    expect(screen.getByText('«Альфа»')).toBeInTheDocument();
    expect(screen.getByText('29')).toBeInTheDocument();
    expect(screen.getByText('7 квітня 2026')).toBeInTheDocument();
    expect(screen.getByText(ID)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Завантажити PDF' })).toHaveAttribute(
      'href',
      `/api/certificates/${ID}/pdf`,
    );
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    // No sign-in asked: the page stays where the QR code led.
    expect(path()).toBe(`/certificates/${ID}`);
  });

  it('a revoked one says so with its date, and gives no PDF', async () => {
    mockApi({ [GET]: () => json({ ...certificate, revoked: { at: kyivTime(2026, 5, 1, 10) } }) });
    renderApp(`/certificates/${ID}`);
    expect(await screen.findByText('Сертифікат відкликано 1 травня 2026')).toBeInTheDocument();
    expect(screen.queryByText('Сертифікат дійсний')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Завантажити PDF' })).not.toBeInTheDocument();
  });

  it('an unknown id: the server’s message', async () => {
    mockApi({ [GET]: () => json({ message: 'Сертифікат не знайдено. Перевірте номер.' }, 404) });
    renderApp(`/certificates/${ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Сертифікат не знайдено. Перевірте номер.');
  });
});
