// Build-time rendering of the login screen into dist/login.html (scripts/prerender.mjs), so that a
// visitor's browser paints «Вхід» and the form from the HTML, before any script has run. The
// screen is rendered by the real app — store, persistence, routes — for a first visit: no stored
// session (localStorage is empty), so the restore settles at once and the routes show /login.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './App';
import { AppProviders } from './providers';
import { type AppStore, createAppStore, whenSessionSettled } from './store';

function page(store: AppStore, location: string): string {
  return renderToString(
    <AppProviders store={store}>
      <StaticRouter location={location}>
        <App />
      </StaticRouter>
    </AppProviders>,
  );
}

/**
 * The markup of `location` while the session is being restored («Оновлення користувача...») and
 * once it is settled without a session (the screen a visitor sees).
 */
export async function prerender(location: string): Promise<{ restoring: string; screen: string }> {
  const { store } = createAppStore();
  const restoring = page(store, location);
  await whenSessionSettled(store);
  return { restoring, screen: page(store, location) };
}
