import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/notifications.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerServiceWorker } from './app/serviceWorker';
import { applyTheme, readStoredTheme } from './lib/theme';
import { startI18n } from './i18n';

// Set the stored theme before the first paint so a dark-mode user never sees a light flash.
applyTheme(readStoredTheme());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The chosen language's catalogues (one small chunk) arrive before the first render, so no screen
// ever shows a key or flashes English.
void startI18n().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

registerServiceWorker();
