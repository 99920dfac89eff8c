import type { Knex } from 'knex';
import { EXAM_SETTINGS_DEFAULTS, questionInputSchema, type QuestionInput } from '@exam/shared';
import { insertQuestions } from '../services/questions';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

type Q = Record<string, unknown>;

/** A small bank across subjects and every question type, owned by the demo teacher. */
const BANK: Q[] = [
  { text: 'What is the value of $x$ if $2x + 6 = 14$?', type: 'multiple-choice', subject: 'mathematics', topic: 'linear equations', difficulty: 'easy', points: 2, options: ['3', '4', '5', '8'], correctAnswer: '4', explanation: '$2x = 8$, so $x = 4$.' },
  { text: 'The sum of the interior angles of a triangle is $180^\\circ$.', type: 'true-false', subject: 'mathematics', topic: 'geometry', difficulty: 'easy', points: 1, correctAnswer: 'True' },
  { text: 'Simplify $\\frac{3}{4} + \\frac{1}{8}$ and give the answer as a fraction.', type: 'fill-blank', subject: 'mathematics', topic: 'fractions', difficulty: 'medium', points: 2, correctAnswer: ['7/8'] },
  { text: 'Explain, with an example, why the product of two negative numbers is positive.', type: 'essay', subject: 'mathematics', topic: 'integers', difficulty: 'medium', points: 5, sampleAnswer: 'Using distributivity: $(-1)(1 + -1) = 0$, so $(-1)(-1) = 1$.' },
  { text: 'Which of these is a prime number?', type: 'multiple-choice', subject: 'mathematics', topic: 'number theory', difficulty: 'easy', points: 1, options: ['21', '27', '29', '33'], correctAnswer: '29' },
  { text: 'Which organelle is known as the powerhouse of the cell?', type: 'multiple-choice', subject: 'biology', topic: 'cells', difficulty: 'easy', points: 1, options: ['Nucleus', 'Mitochondrion', 'Ribosome', 'Golgi body'], correctAnswer: 'Mitochondrion' },
  { text: 'Photosynthesis releases carbon dioxide into the air.', type: 'true-false', subject: 'biology', topic: 'plants', difficulty: 'easy', points: 1, correctAnswer: 'False', explanation: 'It releases oxygen.' },
  { text: 'The chemical symbol for sodium is ____.', type: 'fill-blank', subject: 'chemistry', topic: 'elements', difficulty: 'easy', points: 1, correctAnswer: ['Na'] },
  { text: 'What is the SI unit of force?', type: 'multiple-choice', subject: 'physics', topic: 'mechanics', difficulty: 'easy', points: 1, options: ['Joule', 'Newton', 'Watt', 'Pascal'], correctAnswer: 'Newton' },
  { text: 'Describe the main causes of the First World War.', type: 'essay', subject: 'history', topic: 'modern history', difficulty: 'hard', points: 10, sampleAnswer: 'Militarism, alliances, imperialism, nationalism; the assassination in Sarajevo.' },
  { text: 'The longest river in Africa is the ____.', type: 'fill-blank', subject: 'geography', topic: 'rivers', difficulty: 'medium', points: 1, correctAnswer: ['Nile', 'River Nile', 'The Nile'] },
  { text: 'Which word is a synonym of "rapid"?', type: 'multiple-choice', subject: 'english', topic: 'vocabulary', difficulty: 'easy', points: 1, options: ['Slow', 'Quick', 'Heavy', 'Late'], correctAnswer: 'Quick' },
  { text: 'In binary, the number 5 is written as 101.', type: 'true-false', subject: 'computer-science', topic: 'number systems', difficulty: 'easy', points: 1, correctAnswer: 'True' },
  { text: 'Water is made of hydrogen and ____.', type: 'fill-blank', subject: 'science', topic: 'matter', difficulty: 'easy', points: 1, correctAnswer: ['oxygen'] },
];

interface DemoExam {
  title: string;
  subject: string;
  description: string;
  start: number;
  end: number;
  duration: number;
  published: boolean;
  questions: number[];
  proctoring?: boolean;
}

/**
 * Exams in each state for the demo teacher and the demo student's grade (10): one ongoing for a
 * month (so it can be taken right away), one upcoming, one completed, one draft.
 */
function demoExams(now: number): DemoExam[] {
  return [
    { title: 'Algebra Practice Test', subject: 'mathematics', description: 'Linear equations, fractions and primes: a short practice round.', start: now - HOUR, end: now + 30 * DAY, duration: 30, published: true, questions: [0, 1, 2, 3, 4], proctoring: true },
    { title: 'Biology Unit Assessment', subject: 'biology', description: 'Cells and plants: the unit assessment for term one.', start: now + 2 * DAY, end: now + 2 * DAY + 3 * HOUR, duration: 45, published: true, questions: [5, 6] },
    { title: 'Physics Quiz: Forces', subject: 'physics', description: 'A quick quiz on forces and their units.', start: now - 10 * DAY, end: now - 9 * DAY, duration: 15, published: true, questions: [8] },
    { title: 'History Essay (draft)', subject: 'history', description: 'An essay paper on modern history, still being written.', start: now + 7 * DAY, end: now + 7 * DAY + 2 * HOUR, duration: 90, published: false, questions: [9] },
  ];
}

export async function seedDemoExams(trx: Knex.Transaction, teacherId: string): Promise<void> {
  const inputs = BANK.map((q) => questionInputSchema.parse(q) as QuestionInput);
  const questions = await insertQuestions(trx, teacherId, inputs);
  const now = Date.now();
  for (const e of demoExams(now)) {
    const [exam] = (await trx('exams')
      .insert({
        owner_id: teacherId,
        title: e.title,
        subject: e.subject,
        description: e.description,
        grade: 10,
        duration_minutes: e.duration,
        passing_marks: 60,
        exam_type: 'practice',
        difficulty: 'medium',
        instructions: 'Read each question carefully. Your answers are saved as you go.',
        start_at: new Date(e.start),
        end_at: new Date(e.end),
        timezone: 'UTC',
        settings: JSON.stringify({ ...EXAM_SETTINGS_DEFAULTS, proctoring: { ...EXAM_SETTINGS_DEFAULTS.proctoring, enabled: !!e.proctoring } }),
        is_published: e.published,
        published_at: e.published ? new Date(now) : null,
      })
      .returning('id')) as { id: string }[];
    await trx('exam_questions').insert(e.questions.map((qi, i) => ({ exam_id: exam!.id, question_id: questions[qi]!.id, position: i + 1 })));
  }
}
