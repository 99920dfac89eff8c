/** Help content (surroundings §2 Help): six categories of titled sections, and the FAQ. */
export interface HelpCategory {
  id: 'getting-started' | 'taking-exams' | 'creating-exams' | 'account-settings' | 'troubleshooting' | 'security';
  title: string;
  sections: { title: string; text: string }[];
}

export const HELP_CATEGORIES: HelpCategory[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    sections: [
      { title: 'Create your account', text: 'Register as a student, teacher or parent, then confirm your e-mail address with the link we send you.' },
      { title: 'Your dashboard', text: 'After signing in, your dashboard shows what to do next: upcoming exams, results, submissions to grade or your children’s progress.' },
    ],
  },
  {
    id: 'taking-exams',
    title: 'Taking exams',
    sections: [
      { title: 'Starting', text: 'When an exam’s window opens, Take Exam appears on your dashboard and schedule. The timer starts when you press Start.' },
      { title: 'Answers are auto-saved', text: 'Each answer is saved as you go. If your connection drops, answers are kept in the browser and sent when it returns.' },
      { title: 'Review and submit', text: 'Mark questions for review, then confirm submission in a dialog. The exam auto-submits when time expires, with every answer saved so far.' },
    ],
  },
  {
    id: 'creating-exams',
    title: 'Creating exams',
    sections: [
      { title: 'Questions', text: 'Use multiple-choice, true/false, fill-in-the-blank and essay questions. Multiple-choice results are immediate; essay answers are graded manually.' },
      { title: 'Schedule and rules', text: 'Set the window, duration, passing marks, attempts and proctoring rules, then publish when ready.' },
    ],
  },
  {
    id: 'account-settings',
    title: 'Account settings',
    sections: [
      { title: 'Profile', text: 'Update your name, phone, address and avatar in your profile; change your password on its Security tab.' },
      { title: 'Notifications', text: 'Choose which notifications you get by e-mail in Settings.' },
    ],
  },
  {
    id: 'troubleshooting',
    title: 'Troubleshooting',
    sections: [
      { title: 'Supported browsers', text: 'Chrome 90+, Firefox 88+, Safari 14+ or Edge 90+, with broadband of 5+ Mbps.' },
      { title: 'Lost connection during an exam', text: 'Keep the page open: it reconnects by itself and sends any unsaved answers. Time is kept by the server.' },
    ],
  },
  {
    id: 'security',
    title: 'Security',
    sections: [
      { title: 'Exam integrity', text: 'Tab switches, leaving full screen and copy/paste are recorded; crossing an exam’s limits submits the attempt.' },
      { title: 'Your account', text: 'Passwords are stored only as hashes. Signing out ends your session on this device.' },
    ],
  },
];

export const FAQ: { question: string; answer: string }[] = [
  { question: 'Are my answers saved if my internet drops?', answer: 'Yes. Answers are auto-saved as you go and kept in your browser until the server confirms them.' },
  { question: 'What happens when time runs out?', answer: 'The exam auto-submits when time expires, with every answer saved so far, even if your browser is closed.' },
  { question: 'Can I mark questions to come back to?', answer: 'Yes. Mark questions for review; you confirm submission in a dialog at the end.' },
  { question: 'When do I see my result?', answer: 'Multiple-choice results are immediate. Essay answers are graded manually, and some exams release results later.' },
  { question: 'Which browsers are supported?', answer: 'Chrome 90+, Firefox 88+, Safari 14+ and Edge 90+, with broadband of 5+ Mbps.' },
  { question: 'How do parents follow a child?', answer: 'A parent links a child by the child’s e-mail address and relationship, then sees results and progress reports.' },
  { question: 'How do I reset my password?', answer: 'Use “Forgot password” on the login page; we e-mail you a link that works for one hour.' },
];

/** FAQ entries whose question or answer contains the query (case-insensitive). */
export function searchFaq(query: string) {
  const q = query.trim().toLowerCase();
  if (!q) return FAQ;
  return FAQ.filter((f) => f.question.toLowerCase().includes(q) || f.answer.toLowerCase().includes(q));
}
