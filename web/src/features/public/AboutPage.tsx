import { StaticPage } from './StaticPage';

/** About: mission, values, how the product came to be, and who looks after it. The words are public:about in each language. */
export function AboutPage() {
  return <StaticPage page="about" />;
}
