/**
 * Fixed marketing content of the home page (surroundings §1, §2): these figures and quotes are
 * the school's marketing copy, not measurements, and are never presented as live data.
 */
export const MARKETING_STATS = [
  { label: 'Students', value: '50K+' },
  { label: 'Institutions', value: '500+' },
  { label: 'Uptime', value: '99.9%' },
  { label: 'Free trial', value: '14 days' },
];

/** The stats cards appear after this delay (surroundings §9). */
export const STATS_DELAY_MS = 500;
/** Testimonial rotation (surroundings §9). */
export const TESTIMONIAL_MS = 5_000;

export const STEPS = [
  { title: 'Create', text: 'A teacher writes questions, sets the window, duration and rules, and publishes the exam.' },
  { title: 'Take', text: 'Students sit it in the browser; every answer is saved as they go and the server keeps time.' },
  { title: 'Grade', text: 'Objective questions are marked at once; essays wait for the teacher’s marks and feedback.' },
  { title: 'Follow', text: 'Students, parents and teachers see results and progress on their dashboards.' },
];

export const TESTIMONIALS = [
  { quote: 'Essays land on my dashboard the moment they are submitted, and I mark them the same afternoon.', who: 'Secondary school teacher' },
  { quote: 'My Wi-Fi dropped halfway through and I did not lose a single answer.', who: 'Grade 11 student' },
  { quote: 'I see my daughter’s results as soon as they are released, without asking.', who: 'Parent' },
  { quote: 'Watching who is sitting an exam, live, made our mock exams far calmer to run.', who: 'Exams officer' },
];
