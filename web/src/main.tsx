import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/notifications.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerServiceWorker } from './app/serviceWorker';
import { applyTheme, readStoredTheme } from './app/theme';

// Set the stored theme before the first paint so a dark-mode user never sees a light flash.
applyTheme(readStoredTheme());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
