import { StaticPage } from './StaticPage';

/** About (surroundings §2): mission, values, how the product came to be, and who looks after it. */
export function AboutPage() {
  return (
    <StaticPage
      title="About ExamPortal"
      intro="ExamPortal is an online examination platform for schools and tuition providers: teachers set and grade exams, students sit them, parents follow progress and admins keep it all running."
      sections={[
        {
          heading: 'Our mission',
          paragraphs: [
            'Fair exams that work on the devices students already have, with results teachers and parents can trust, and no answer ever lost to a dropped connection.',
          ],
        },
        {
          heading: 'What we value',
          items: [
            'Fairness: the server keeps time and applies the rules, not the browser.',
            'Reliability: every answer is saved as it is typed and kept through reconnects and reloads.',
            'Privacy: we keep only what running exams needs, and say so plainly in our privacy policy.',
            'Accessibility: every screen works by keyboard and with a screen reader.',
          ],
        },
        {
          heading: 'How it grew',
          items: [
            'Exam taking with server-owned time and autosave.',
            'Live proctoring: progress, violations, messages and extra time during the exam.',
            'Grading: automatic marking of objective questions, manual marking of essays, results released when the teacher chooses.',
            'Dashboards for every role that stay live while an exam runs.',
          ],
        },
        {
          heading: 'Who looks after it',
          paragraphs: [
            'Your school’s administrators run this installation: they manage accounts and exams and read every message sent through the contact page.',
          ],
        },
      ]}
    />
  );
}
