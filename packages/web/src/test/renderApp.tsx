import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { App } from '../app/App';
import { AppProviders } from '../app/providers';
import { createAppStore } from '../app/store';
import { followOtherTabs } from '../app/tabSync';

/** Puts a token where redux-persist keeps it, as a previous visit would have. */
export function storeToken(token: string) {
  localStorage.setItem(
    'persist:auth',
    JSON.stringify({ token: JSON.stringify(token), _persist: JSON.stringify({ version: -1, rehydrated: true }) }),
  );
}

let currentPath = '';

function LocationProbe() {
  const location = useLocation();
  currentPath = location.pathname + location.search;
  return null;
}

/** The whole app (real store, persistence and routes) at a path, with fetch mocked by the test. */
export function renderApp(path: string) {
  const { store } = createAppStore();
  // As main.tsx does for the page.
  followOtherTabs(store);
  const view = render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[path]}>
        <App />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { store, ...view, path: () => currentPath };
}
