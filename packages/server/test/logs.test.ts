import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { newPerson, startTestApp } from './support/app.js';

describe('logs', () => {
  it('never carry passwords, tokens or reset links', async () => {
    const stream = new PassThrough();
    let log = '';
    stream.on('data', (chunk: Buffer) => {
      log += chunk.toString('utf8');
    });
    const t = await startTestApp({ LOG_LEVEL: 'trace' }, { logStream: stream });
    try {
      const person = newPerson({ password: 'very-secret-password-42' });
      const { body } = await t.api('POST', '/api/auth/register', { body: person });
      await t.api('GET', '/api/auth/current', { token: body.token });
      await t.api('POST', '/api/auth/login', { body: { email: person.email, password: 'wrong-secret-password-43' } });
      await t.api('GET', '/reset/secret-reset-token-44');
      await t.api('POST', '/api/auth/reset', { body: { token: 'secret-reset-token-45', password: 'new-secret-46' } });
    } finally {
      await t.close();
    }
    expect(log).toContain('incoming request');
    expect(log).toContain('/reset/[redacted]');
    for (const secret of [
      'very-secret-password-42',
      'wrong-secret-password-43',
      'secret-reset-token-44',
      'secret-reset-token-45',
      'new-secret-46',
      'Bearer ',
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it('at info, leave successful reads out and keep failures, changes and errors', async () => {
    const stream = new PassThrough();
    const lines: {
      msg?: string;
      level?: number;
      req?: { method: string; url: string };
      res?: { statusCode: number };
    }[] = [];
    let pending = '';
    stream.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const complete = pending.split('\n');
      pending = complete.pop() ?? '';
      for (const line of complete) if (line) lines.push(JSON.parse(line));
    });
    const t = await startTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
    try {
      const { body } = await t.api('POST', '/api/auth/register', { body: newPerson() });
      await t.api('GET', '/api/auth/current', { token: body.token });
      await t.api('GET', '/api/auth/current');
    } finally {
      await t.close();
    }
    const requests = lines
      .filter((l) => l.msg === 'request completed' || l.msg === 'incoming request')
      .map((l) => `${l.msg} ${l.req?.method} ${l.req?.url} ${l.res?.statusCode}`);
    expect(requests).toEqual([
      'request completed POST /api/auth/register 201',
      'request completed GET /api/auth/current 401',
    ]);
  });
});
