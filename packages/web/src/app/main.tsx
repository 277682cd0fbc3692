import '../shared/styles/tokens.css';
import '../shared/styles/base.css';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { AppProviders } from './providers';
import { createAppStore } from './store';

const { store } = createAppStore();

createRoot(document.getElementById('root') as HTMLElement).render(
  <AppProviders store={store}>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </AppProviders>,
);
