import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetPrimed } from '../shared/lib/primed';
import { resetFakeSockets } from './fakeSocket';

// The first test of a file loads its lazy screens cold (module transforms); on a busy two-core
// machine running the whole suite that alone has passed 3 s of findBy/waitFor (CI, stop 29).
// A wait that fails still fails; it only fails later.
configure({ asyncUtilTimeout: 10_000 });

// No test opens a real connection: socket.io-client is the fake the test drives (test/fakeSocket.ts).
vi.mock('socket.io-client', () => import('./fakeSocket'));

// jsdom has <dialog> without its modal methods: enough of them for the chat panel.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

// jsdom has no idle periods: work kept for one (shared/lib/whenIdle.ts) runs at the next turn, as
// in a browser with nothing else to do.
if (typeof window.requestIdleCallback !== 'function') {
  window.requestIdleCallback = (callback) =>
    window.setTimeout(() => callback({ didTimeout: false, timeRemaining: () => 50 }), 0);
  window.cancelIdleCallback = (id) => window.clearTimeout(id);
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  resetFakeSockets();
  // Answers a screen's loader asked for are the test's own (shared/lib/primed.ts).
  forgetPrimed();
});
