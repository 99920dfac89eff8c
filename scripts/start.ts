import { buildWebIfNeeded } from './webBuild';

// `npm start`: build the web app if needed, then run the server (migrate, seed once, serve).
buildWebIfNeeded();
await import('../server/src/main');
