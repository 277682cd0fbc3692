/** How long work kept for an idle moment waits at most: a busy phone still gets it soon. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `task` when the browser is next idle (at most IDLE_TIMEOUT_MS later): for work the screen
 * on its way does not need — the header's badges, the live connection, what a tab will want —
 * so that it neither competes with that screen's requests nor delays its paint (issue 23).
 * Returns what cancels it, for an effect's cleanup.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(task, IDLE_TIMEOUT_MS / 2);
  return () => clearTimeout(timer);
}
