import { StaticPage } from './StaticPage';

/** Privacy policy: what this product really stores, why, and for how long. */
export function PrivacyPage() {
  return (
    <StaticPage
      title="Privacy Policy"
      intro="This page lists the personal data ExamPortal stores, why it needs it, and who can see it. It describes the software as it is built."
      sections={[
        {
          heading: 'Your account',
          items: [
            'Name, e-mail address, role, and optionally phone, date of birth, address, avatar image, grade and section (students), subject and qualification (teachers).',
            'Your password only as an Argon2id hash: nobody, not even an admin, can read it.',
            'When you last signed in, and your sign-in sessions: the browser’s user agent and IP address, so you and the admins can see and end sessions.',
            'Your own settings (notifications, privacy, preferences).',
          ],
        },
        {
          heading: 'Exams and results',
          items: [
            'Each attempt: when it started, its deadline, when and why it was submitted, and every answer with the time it was saved.',
            'Exam security events: tab switches, leaving full screen, copy and paste attempts and blocked keys, with their times. Teachers proctoring the exam see them.',
            'Marks, feedback and the history of grade changes.',
            'Camera (only in exams that enable it): video goes directly between the student’s and the proctor’s browsers. The server relays the connection set-up but never receives, records or stores the video.',
          ],
        },
        {
          heading: 'Messages and notifications',
          items: [
            'Notifications shown to you (new exams, results, reminders) until you delete them.',
            'Messages sent through the contact form: name, e-mail, subject, message and the sender’s IP address (to stop abuse). Admins read them.',
            'E-mails we send you (verification, password reset, results, replies) go through the school’s mail server.',
          ],
        },
        {
          heading: 'Who can see what',
          items: [
            'Teachers see the exams they own, and the attempts and results on them.',
            'Parents see the results and progress of children linked to their account.',
            'Admins can see and manage every account and exam.',
            'Students see only their own attempts and results, and results only once the exam allows it.',
          ],
        },
        {
          heading: 'In your browser',
          paragraphs: [
            'See the cookie policy: one sign-in cookie, plus your access token, your profile and your theme choice in local storage, and answers not yet confirmed by the server in IndexedDB until they are.',
          ],
        },
        {
          heading: 'Your choices',
          paragraphs: [
            'You can correct your details in your profile at any time. To have your account and its data removed, write to the school through the contact page.',
          ],
        },
      ]}
    />
  );
}
