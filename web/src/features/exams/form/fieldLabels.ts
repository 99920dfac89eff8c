/**
 * Human names for the field paths the server reports (`questions.2.correctAnswer`), used for the
 * wizard's "Validation errors:" lines so a teacher can tell which field of which question failed.
 */
const EXAM_FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  subject: 'Subject',
  description: 'Description',
  grade: 'Grade',
  duration: 'Duration',
  passingMarks: 'Passing Marks',
  examType: 'Exam Type',
  difficulty: 'Difficulty',
  instructions: 'Instructions',
  schedule: 'Schedule',
  'schedule.startDate': 'Start Date',
  'schedule.endDate': 'End Date',
  'schedule.timezone': 'Time Zone',
  'settings.maxAttempts': 'Max Attempts',
  tags: 'Tags',
  eligibleStudents: 'Eligible Students',
  isPublished: 'Publish',
  questions: 'Questions',
  questionIds: 'Questions from the bank',
};

const QUESTION_FIELD_LABELS: Record<string, string> = {
  text: 'Question Text',
  type: 'Question Type',
  subject: 'Subject',
  topic: 'Topic',
  difficulty: 'Difficulty',
  points: 'Points',
  options: 'Options',
  correctAnswer: 'Correct Answer',
  sampleAnswer: 'Sample Answer',
  explanation: 'Explanation',
  image: 'Image',
};

/** 'questions.2.correctAnswer' → 'Question 3 – Correct Answer'; 'schedule.endDate' → 'End Date'. */
export function fieldLabel(path: string): string {
  const question = /^questions\.(\d+)(?:\.([^.]+))?/.exec(path);
  if (question) {
    const name = `Question ${Number(question[1]) + 1}`;
    const field = question[2];
    return field ? `${name} – ${QUESTION_FIELD_LABELS[field] ?? field}` : name;
  }
  if (EXAM_FIELD_LABELS[path]) return EXAM_FIELD_LABELS[path];
  const head = path.split('.')[0]!;
  return EXAM_FIELD_LABELS[head] ?? path;
}
