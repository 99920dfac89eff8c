import { StaticPage } from './StaticPage';

/** Terms of service: the rules of using this installation. The words are public:terms in each language. */
export function TermsPage() {
  return <StaticPage page="terms" />;
}
