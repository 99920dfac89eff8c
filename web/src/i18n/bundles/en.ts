import { bundleFrom } from '../bundle';

// Every catalogue of one language in one chunk: a reader downloads their language and no other.
export default bundleFrom(
  import.meta.glob(['../../locales/en/*.json', '../../../../shared/src/locales/en/*.json'], { eager: true, import: 'default' }),
);
