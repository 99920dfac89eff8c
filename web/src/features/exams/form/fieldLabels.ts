import { i18n } from '../../../i18n';

/**
 * Human names for the field paths the server reports (`questions.2.correctAnswer`), used for the
 * wizard's "Validation errors:" lines so a teacher can tell which field of which question failed.
 * Each path names a key of exams:fields.exam / exams:fields.question.
 */
const EXAM_FIELDS = new Set([
  'title', 'subject', 'description', 'grade', 'duration', 'passingMarks', 'examType', 'difficulty', 'instructions', 'schedule',
  'tags', 'eligibleStudents', 'isPublished', 'questions', 'questionIds',
]);
/** Paths whose key is not their own name. */
const EXAM_FIELD_KEYS: Record<string, string> = {
  'schedule.startDate': 'startDate',
  'schedule.endDate': 'endDate',
  'schedule.timezone': 'timezone',
  'settings.maxAttempts': 'maxAttempts',
};
const examFieldKey = (path: string) => EXAM_FIELD_KEYS[path] ?? (EXAM_FIELDS.has(path) ? path : undefined);

const QUESTION_FIELDS = new Set(['text', 'type', 'subject', 'topic', 'difficulty', 'points', 'options', 'correctAnswer', 'sampleAnswer', 'explanation', 'image']);

/** 'questions.2.correctAnswer' → 'Question 3 – Correct Answer'; 'schedule.endDate' → 'End Date'. */
export function fieldLabel(path: string): string {
  const question = /^questions\.(\d+)(?:\.([^.]+))?/.exec(path);
  if (question) {
    const number = Number(question[1]) + 1;
    const field = question[2];
    if (!field) return i18n.t('exams:fields.questionN', { number });
    const name = QUESTION_FIELDS.has(field) ? i18n.t(`exams:fields.question.${field}`) : field;
    return i18n.t('exams:fields.questionField', { number, field: name });
  }
  const key = examFieldKey(path) ?? examFieldKey(path.split('.')[0]!);
  return key ? i18n.t(`exams:fields.exam.${key}`) : path;
}
