import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { newPerson, registerViaApi } from './support/api.js';
import { freePort, repoRoot } from './support/server.js';
import { useE2E } from './support/setup.js';

// The spec (section 9) has the web app and the server on different hosts. A page served from a
// second origin, listed in CORS_ORIGINS, signs in, reads and writes through the API and opens the
// socket of the app's server; the same page from a third origin gets nothing through.
const allowedPort = await freePort();
const strangerPort = await freePort();
const ALLOWED = `http://localhost:${allowedPort}`;
const STRANGER = `http://127.0.0.1:${strangerPort}`;
const e2e = useE2E({ env: { CORS_ORIGINS: ALLOWED } });

const PAGE =
  '<!doctype html><html lang="uk"><meta charset="utf-8"><title>Інший застосунок</title>' +
  '<script src="/socket.io.min.js"></script><h1>Інший застосунок</h1>';
const statics: Server[] = [];

/** A tiny static server: the page and the Socket.IO client, nothing of the app. */
async function serveStatic(port: number): Promise<void> {
  const client = await readFile(join(repoRoot, 'node_modules/socket.io-client/dist/socket.io.min.js'));
  const server = createServer((request, response) => {
    if (request.url === '/socket.io.min.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(client);
    } else {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    }
  });
  statics.push(server);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
}

beforeAll(async () => {
  await serveStatic(allowedPort);
  await serveStatic(strangerPort);
});
afterAll(async () => {
  await Promise.all(statics.map((server) => new Promise((resolve) => server.close(resolve))));
});

interface Outcome {
  signIn: { status: number; token?: string } | string;
  current: { status: number; email?: string } | string;
  logoutStatus: number | string;
  socket: string;
}

/** What the page at `origin` gets from the app's server: each call's status, or the browser's refusal. */
async function useServerFrom(page: Page, origin: string, email: string, password: string): Promise<Outcome> {
  await page.goto(`${origin}/`);
  return page.evaluate(
    async ({ api, email, password }) => {
      const refused = (error: unknown) => `refused: ${String(error)}`;
      const outcome: Outcome = { signIn: '', current: '', logoutStatus: '', socket: '' };
      let token = '';
      try {
        // A JSON body: the browser asks first (pre-flight), then posts.
        const answer = await fetch(`${api}/api/auth/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email, password }),
        });
        const body = await answer.json();
        token = body.token;
        outcome.signIn = { status: answer.status, token };
      } catch (error) {
        outcome.signIn = refused(error);
      }
      try {
        const answer = await fetch(`${api}/api/auth/current`, { headers: { Authorization: `Bearer ${token}` } });
        outcome.current = { status: answer.status, email: (await answer.json()).email };
      } catch (error) {
        outcome.current = refused(error);
      }
      outcome.socket = await new Promise<string>((resolve) => {
        // biome-ignore lint/suspicious/noExplicitAny: the Socket.IO client's global, loaded by the page
        const socket = (window as any).io(api, {
          transports: ['websocket'],
          auth: { token },
          reconnection: false,
          timeout: 5_000,
        });
        socket.on('connect', () => {
          socket.close();
          resolve('connected');
        });
        socket.on('connect_error', (error: Error) => {
          socket.close();
          resolve(`refused: ${error.message}`);
        });
      });
      try {
        const answer = await fetch(`${api}/api/auth/logout`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}` },
        });
        outcome.logoutStatus = answer.status;
      } catch (error) {
        outcome.logoutStatus = refused(error);
      }
      return outcome;
    },
    { api: e2e.url, email, password },
  );
}

test('a page from a listed origin uses the API and the socket; a third origin is refused both', async () => {
  const person = newPerson();
  await registerViaApi(e2e.url, person);

  const allowed = await useServerFrom(e2e.page, ALLOWED, person.email, person.password);
  expect(allowed.signIn).toEqual({ status: 200, token: expect.any(String) });
  expect(allowed.current).toEqual({ status: 200, email: person.email });
  expect(allowed.socket).toBe('connected');
  expect(allowed.logoutStatus).toBe(204);

  // The stranger's page never gets a token to its own script: the sign-in answer is withheld, so
  // its other calls go without one; the socket is refused for its origin before any token counts.
  const { page } = await e2e.newContext();
  const stranger = await useServerFrom(page, STRANGER, person.email, person.password);
  expect(stranger.signIn).toMatch(/^refused: TypeError/);
  expect(stranger.current).toMatch(/^refused: TypeError/);
  expect(stranger.logoutStatus).toMatch(/^refused: TypeError/);
  expect(stranger.socket).toMatch(/^refused:/);
});

test('a third origin holding a valid token still gets no answer and no socket', async () => {
  const person = newPerson();
  const { token } = await registerViaApi(e2e.url, person);
  await e2e.page.goto(`${STRANGER}/`);
  const outcome = await e2e.page.evaluate(
    async ({ api, token }) => {
      let current: string;
      try {
        current = String(
          (await fetch(`${api}/api/auth/current`, { headers: { Authorization: `Bearer ${token}` } })).status,
        );
      } catch (error) {
        current = `refused: ${String(error)}`;
      }
      const socket = await new Promise<string>((resolve) => {
        // biome-ignore lint/suspicious/noExplicitAny: the Socket.IO client's global, loaded by the page
        const client = (window as any).io(api, { transports: ['websocket'], auth: { token }, reconnection: false });
        client.on('connect', () => resolve('connected'));
        client.on('connect_error', (error: Error) => resolve(`refused: ${error.message}`));
      });
      return { current, socket };
    },
    { api: e2e.url, token },
  );
  expect(outcome.current).toMatch(/^refused: TypeError/);
  expect(outcome.socket).toMatch(/^refused:/);
});
