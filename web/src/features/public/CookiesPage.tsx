import { Code } from '@mantine/core';
import { StaticPage } from './StaticPage';

/** Cookie policy: the one cookie this product sets, and what it keeps in browser storage. */
export function CookiesPage() {
  return (
    <StaticPage
      title="Cookie Policy"
      intro="ExamPortal sets one cookie, only once you sign in, and uses no tracking or advertising cookies of any kind."
      sections={[
        {
          heading: 'The sign-in cookie',
          items: [
            <>
              <Code>refresh_token</Code>: keeps you signed in between visits. It is httpOnly (page scripts cannot read it), SameSite=Strict, sent only to{' '}
              <Code>/api/auth</Code>, and secure on HTTPS. It expires when your session ends and is removed when you sign out.
            </>,
          ],
        },
        {
          heading: 'Browser storage (not cookies)',
          items: [
            <>
              <Code>token</Code> and <Code>user</Code> in local storage: your short-lived access token and profile, so the app knows who you are. Removed when you sign out.
            </>,
            <>
              <Code>theme</Code> in local storage: light or dark.
            </>,
            'During an exam, answers the server has not yet confirmed are kept in IndexedDB and sent again when the connection returns; they are deleted once confirmed.',
          ],
        },
        {
          heading: 'No consent banner',
          paragraphs: ['Everything above is strictly necessary for signing in and taking exams, so there is nothing to opt in or out of.'],
        },
      ]}
    />
  );
}
