/** How long work kept for an idle moment waits at most: a busy phone still gets it soon. */
const IDLE_TIMEOUT_MS = 2000;
/**
 * How long idle work waits at most for an early-started screen to show its content: a screen that
 * fails, or a learner who goes elsewhere first, does not keep the header's badges away for long.
 */
const FIRST_SCREEN_WAIT_MS = 4000;

let gateOpen = false;
let openGate = () => {};
const firstScreenShown = new Promise<void>((resolve) => {
  openGate = () => {
    gateOpen = true;
    resolve();
  };
});
// index.html's head script asked for this address's screen's data (home's, a lesson's:
// build/pageScripts.ts, earlyStart): idle work waits until that screen calls screenShown. On any other
// address there is nothing to wait for.
const early = (globalThis as { __early?: object }).__early;
if (early && Object.keys(early).length > 0) setTimeout(openGate, FIRST_SCREEN_WAIT_MS);
else openGate();

/**
 * How long the gate waits, once the screen is rendered, for the browser to report that paint as
 * the page's largest (it reports none when the content is not larger than what was painted before).
 */
const PAINT_WAIT_MS = 250;

/**
 * Said by an early-started screen once its content is rendered (home's «Що сьогодні», a lesson's text),
 * or has failed: from then on idle work runs at the browser's idle moments. Before it, an idle
 * moment between the screen's requests is not one: the screen's content is still to come. The
 * gate opens once that content is painted: the browser presents a rendered frame some time after
 * the task that rendered it, and idle moments come in between.
 */
export function screenShown(): void {
  if (gateOpen) return;
  const renderedAt = performance.now();
  const largestPaint =
    typeof PerformanceObserver === 'function' &&
    PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint');
  if (!largestPaint) {
    // No largest-paint reports (Safari): two frames later, the rendered one has been presented.
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => requestAnimationFrame(openGate));
    else openGate();
    return;
  }
  const open = () => {
    observer.disconnect();
    clearTimeout(timer);
    openGate();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => entry.startTime >= renderedAt)) open();
  });
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
  const timer = setTimeout(open, PAINT_WAIT_MS);
}

/**
 * Runs `task` when the browser is next idle (at most IDLE_TIMEOUT_MS later) once the first screen
 * is shown: for work the screen on its way does not need — the header's badges, the live
 * connection, what a tab will want — so that it neither competes with that screen's requests nor
 * delays its paint (issue 23). Returns what cancels it, for an effect's cleanup.
 */
export function whenIdle(task: () => void): () => void {
  if (gateOpen) return idle(task);
  let cancelled = false;
  let cancelIdle = () => {};
  void firstScreenShown.then(() => {
    if (!cancelled) cancelIdle = idle(task);
  });
  return () => {
    cancelled = true;
    cancelIdle();
  };
}

function idle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(task, IDLE_TIMEOUT_MS / 2);
  return () => clearTimeout(timer);
}
