import { StaticPage } from './StaticPage';

/** Terms of service: the rules of using this installation. */
export function TermsPage() {
  return (
    <StaticPage
      title="Terms of Service"
      intro="These terms apply to everyone who uses this ExamPortal installation, run by your school."
      sections={[
        {
          heading: 'Accounts',
          items: [
            'Keep your password to yourself; you are responsible for what is done with your account.',
            'Give accurate details. Admins may deactivate accounts that break these terms.',
          ],
        },
        {
          heading: 'Taking exams',
          items: [
            'Do your own work. Tab switches, leaving full screen and copy/paste are recorded and shown to the proctor; crossing an exam’s limits submits the attempt.',
            'The server’s clock decides: when time is up, your saved answers are submitted, whether or not your browser is open.',
          ],
        },
        {
          heading: 'Teachers and content',
          items: ['Teachers own the exams and questions they write and are responsible for them. Admins may edit, archive or delete any exam.'],
        },
        {
          heading: 'Payments',
          items: ['Fees are set by the school. Until a payment provider is configured, the payment centre runs in a clearly labelled test mode and no money moves.'],
        },
        {
          heading: 'Availability',
          items: ['We aim to keep the service running during exams, and show its health to admins; planned maintenance is announced in advance.'],
        },
      ]}
    />
  );
}
