import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe-core on the page as it is now and fails, listing rule ids and targets, when there is
 * any violation of impact serious or critical.
 */
export async function expectNoSeriousA11yViolations(page: Page, label = page.url()): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  if (blocking.length === 0) return;
  const lines = blocking.map((violation) => {
    const targets = violation.nodes.map((node) => JSON.stringify(node.target)).join(', ');
    return `  ${violation.id} (${violation.impact}): ${violation.help}\n    targets: ${targets}`;
  });
  throw new Error(`Accessibility violations (serious/critical) on ${label}:\n${lines.join('\n')}`);
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
