import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser, MOBILE, newContext, type Viewport } from './browser.js';
import { type RunningServer, repoRoot, startServer } from './server.js';

export const artifactsDir = join(repoRoot, 'e2e/artifacts');

export interface E2E {
  /** Origin of the app under test. */
  readonly url: string;
  readonly dataDir: string;
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A fresh 390 × 844 context per test (its own storage). */
  readonly context: BrowserContext;
  /** The first page of `context`. */
  readonly page: Page;
  /** Another isolated context (e.g. 1280 × 800); closed, and screenshotted on failure, with the test. */
  newContext(viewport?: Viewport): Promise<{ context: BrowserContext; page: Page }>;
}

function fileSafe(text: string): string {
  return (
    text
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 120) || 'test'
  );
}

/**
 * One server (fresh data directory; `env` adds settings) and one Chromium per test file; one
 * context per test.
 * Problems the page itself reports (uncaught errors, CSP refusals) fail the test; a failing
 * test leaves a screenshot of each of its pages in e2e/artifacts/.
 */
export function useE2E({ env = {} }: { env?: Record<string, string> } = {}): E2E {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  let page: Page | undefined;
  let pageProblems: string[] = [];

  const watch = (context: BrowserContext) => {
    context.on('weberror', (error) => {
      pageProblems.push(`uncaught error in the page: ${error.error().message}`);
    });
    context.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
        pageProblems.push(`CSP: ${message.text()}`);
      }
    });
  };

  const open = async (viewport: Viewport) => {
    if (!browser || !server) throw new Error('useE2E: the browser is not running');
    const context = await newContext(browser, viewport);
    watch(context);
    contexts.push(context);
    return { context, page: await context.newPage() };
  };

  beforeAll(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    if (server) {
      if (process.env.E2E_SERVER_LOG) console.log(server.output());
      await server.stop();
    }
  });

  beforeEach(async () => {
    pageProblems = [];
    contexts = [];
    page = (await open(MOBILE)).page;
  });

  afterEach(async ({ task }) => {
    const problems = pageProblems;
    const failed = task.result?.state === 'fail' || problems.length > 0;
    if (failed) {
      await mkdir(artifactsDir, { recursive: true });
      const pages = contexts.flatMap((context) => context.pages());
      for (const [index, each] of pages.entries()) {
        const file = join(artifactsDir, `${fileSafe(task.name)}${pages.length > 1 ? `-${index + 1}` : ''}.png`);
        try {
          await each.screenshot({ path: file, fullPage: true, timeout: 5_000 });
          console.log(`screenshot: ${file.slice(repoRoot.length)} (at ${each.url()})`);
        } catch (error) {
          console.log(`could not save ${file}: ${error instanceof Error ? error.message : error}`);
        }
      }
    }
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
    page = undefined;
    if (problems.length > 0) throw new Error(`The page reported problems:\n  ${problems.join('\n  ')}`);
  });

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useE2E: ${what} is not ready (use it inside a test)`);
    return value;
  };

  return {
    get url() {
      return need(server, 'the server').url;
    },
    get dataDir() {
      return need(server, 'the server').dataDir;
    },
    get server() {
      return need(server, 'the server');
    },
    get browser() {
      return need(browser, 'the browser');
    },
    get context() {
      return need(contexts[0], 'the context');
    },
    get page() {
      return need(page, 'the page');
    },
    newContext: (viewport = MOBILE) => open(viewport),
  };
}
