import { type Browser, type BrowserContext, chromium } from 'playwright-core';

import { chromiumFlags, chromiumPath } from './chromium.mjs';

export const MOBILE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;
export type Viewport = { width: number; height: number };

/** How long a single Playwright action or wait may take before the test fails with its message. */
const ACTION_TIMEOUT_MS = 15_000;

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumFlags],
  });
}

/** A fresh, isolated context (own localStorage) in Ukrainian, Kyiv time. */
export async function newContext(browser: Browser, viewport: Viewport, baseURL?: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport,
    locale: 'uk-UA',
    timezoneId: 'Europe/Kyiv',
    ...(viewport.width < 600 ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    ...(baseURL ? { baseURL } : {}),
  });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(ACTION_TIMEOUT_MS * 2);
  return context;
}

/** 390 × 844, a phone. */
export const newMobileContext = (browser: Browser, baseURL?: string) => newContext(browser, MOBILE, baseURL);

/** 1280 × 800, a laptop. */
export const newDesktopContext = (browser: Browser, baseURL?: string) => newContext(browser, DESKTOP, baseURL);
