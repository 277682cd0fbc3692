import { type ReactNode, StrictMode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store';

/** Everything the screens need around them except the router, which main.tsx and tests choose. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <StrictMode>
      <Provider store={store}>{children}</Provider>
    </StrictMode>
  );
}
