import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const BLOCKING = new Set(['serious', 'critical']);

/** Both themes the app follows (prefers-color-scheme): every axe check runs in each. */
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

/**
 * The rules whose answer can change with the theme: the theme changes colours only, never the
 * page's structure, so in the dark one axe runs just these (and the check costs little time).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe-core on the page as it is now, in the light theme and (its colour rules) in the dark
 * one, and fails, listing rule ids and targets, when there is any violation of impact serious or
 * critical (contrast included) in either. In the dark theme it also checks that the page really is dark
 * (a night background under light text), so a screen that ignores the theme fails too. The page
 * is left in the theme it was in.
 */
export async function expectNoSeriousA11yViolations(page: Page, label = page.url()): Promise<void> {
  const was: Theme = (await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)) ? 'dark' : 'light';
  const problems: string[] = [];
  try {
    for (const theme of THEMES) {
      await showTheme(page, theme);
      if (theme === 'dark') problems.push(...(await notDark(page)));
      const axe = new AxeBuilder({ page });
      const results = await (theme === 'dark' ? axe.withRules(COLOUR_RULES) : axe).analyze();
      const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
      for (const violation of blocking) {
        const targets = violation.nodes.map((node) => JSON.stringify(node.target)).join(', ');
        problems.push(`  [${theme}] ${violation.id} (${violation.impact}): ${violation.help}\n    targets: ${targets}`);
      }
    }
  } finally {
    await showTheme(page, was);
  }
  if (problems.length === 0) return;
  throw new Error(`Accessibility violations (serious/critical) on ${label}:\n${problems.join('\n')}`);
}

/** Switches the emulated colour scheme and waits out the colour transitions it starts. */
async function showTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // Only transitions: a spinner's endless animation never finishes.
    const transitions = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
    await Promise.all(transitions.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** What shows that the page ignores the dark theme: a light page background or dark body text. */
async function notDark(page: Page): Promise<string[]> {
  const { background, text } = await page.evaluate(() => {
    const style = getComputedStyle(document.body);
    return { background: style.backgroundColor, text: style.color };
  });
  const problems: string[] = [];
  if (luminance(background) > 0.1) problems.push(`  [dark] the page background is light: ${background}`);
  if (luminance(text) < 0.5) problems.push(`  [dark] the body text is dark: ${text}`);
  return problems;
}

/** WCAG relative luminance of a computed `rgb(r, g, b)` / `rgba(…)` colour. */
function luminance(color: string): number {
  const channels = color
    .match(/[\d.]+/g)
    ?.slice(0, 3)
    .map(Number);
  if (!channels || channels.length < 3) throw new Error(`not an rgb() colour: ${color}`);
  const [r, g, b] = channels.map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** At 390 px nothing may need sideways scrolling (WCAG 1.4.10 Reflow). */
export async function expectNoHorizontalScroll(page: Page, label = page.url()): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  if (scrollWidth > clientWidth + 1) {
    throw new Error(`${label} scrolls sideways: content is ${scrollWidth} px wide in a ${clientWidth} px viewport`);
  }
}
