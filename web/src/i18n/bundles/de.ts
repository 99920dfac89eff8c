import { bundleFrom } from '../bundle';

// Every catalogue of one language in one chunk: a reader downloads their language and no other.
export default bundleFrom(
  import.meta.glob(['../../locales/de/*.json', '../../../../shared/src/locales/de/*.json'], { eager: true, import: 'default' }),
);
