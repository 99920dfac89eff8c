import { bundleFrom } from '../bundle';

// Every catalogue of one language in one chunk: a reader downloads their language and no other.
export default bundleFrom(
  import.meta.glob(['../../locales/es/*.json', '../../../../shared/src/locales/es/*.json'], { eager: true, import: 'default' }),
);
