import { StaticPage } from './StaticPage';

/** Cookie policy: the one cookie this product sets, and what it keeps in browser storage. The words are public:cookies in each language. */
export function CookiesPage() {
  return <StaticPage page="cookies" />;
}
