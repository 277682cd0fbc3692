import '../shared/styles/tokens.css';
import '../shared/styles/base.css';
import { type ReactNode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { AppProviders } from './providers';
import { type AppStore, createAppStore, whenSessionSettled } from './store';

const container = document.getElementById('root') as HTMLElement;

function app(store: AppStore) {
  return (
    <AppProviders store={store}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </AppProviders>
  );
}

/** Another tab's sign-in or sign-out is this tab's too (app/tabSync.ts, a chunk of its own). */
function followOtherTabs(store: AppStore) {
  import('./tabSync').then((tabs) => tabs.followOtherTabs(store));
}

function render(store: AppStore) {
  container.replaceChildren();
  createRoot(container).render(app(store));
}

/** login.html's #root: its inline script keeps a form sent before hydration here. */
type PrerenderedRoot = HTMLElement & { pendingForm?: HTMLFormElement };

/** Runs once the prerendered markup is hydrated: from now on the app handles forms itself. */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    const root = container as PrerenderedRoot;
    const pending = root.pendingForm;
    root.pendingForm = undefined;
    container.removeAttribute('data-prerendered');
    if (pending?.isConnected) pending.requestSubmit();
  }, []);
  return children;
}

/**
 * login.html (what the server sends for /login) carries the login screen rendered at build time
 * for a visitor without a session (scripts/prerender.mjs); when a session is stored, its inline
 * script has already swapped it for «Оновлення користувача...» and dropped the marker. The markup
 * is hydrated once the restore has settled and the app renders that same screen; anything else
 * (a session after all, another path) is rendered anew.
 */
async function hydrate(path: string) {
  const { store } = createAppStore();
  followOtherTabs(store);
  await whenSessionSettled(store);
  if (store.getState().auth.isLoggedIn || window.location.pathname !== path) {
    container.removeAttribute('data-prerendered');
    return render(store);
  }
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread while the form is already on screen.
  startTransition(() => {
    hydrateRoot(container, <Hydrated>{app(store)}</Hydrated>);
  });
}

const prerendered = container.dataset.prerendered;
if (prerendered) {
  // The screen is painted already: start in a task of its own, after this script's evaluation.
  setTimeout(() => void hydrate(prerendered), 0);
} else {
  const { store } = createAppStore();
  // A signed-in screen started early (index.html's head script) follows once idle (AppLayout).
  if (!(window as { __early?: object }).__early) followOtherTabs(store);
  render(store);
}
