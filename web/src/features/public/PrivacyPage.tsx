import { StaticPage } from './StaticPage';

/** Privacy policy: what this product really stores, why, and for how long. The words are public:privacy in each language. */
export function PrivacyPage() {
  return <StaticPage page="privacy" />;
}
