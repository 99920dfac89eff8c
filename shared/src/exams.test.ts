import { describe, expect, it } from 'vitest';
import { EXAM_MSG, examCreateSchema, examUpdateSchema, questionInputSchema } from './exams';

const msgs = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];
const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

const exam = (over: Record<string, unknown> = {}) => ({
  title: 'Algebra test',
  description: 'Linear equations and inequalities',
  subject: 'mathematics',
  grade: '10',
  duration: '45',
  passingMarks: 50,
  schedule: { startDate: inHours(1), endDate: inHours(3), timezone: 'Asia/Kolkata' },
  ...over,
});

describe('exam rules', () => {
  it('applies the documented defaults', () => {
    const e = examCreateSchema.parse(exam());
    expect(e).toMatchObject({ grade: 10, duration: 45, examType: 'practice', difficulty: 'medium', isPublished: false, tags: [], eligibleStudents: [] });
    expect(e.settings).toMatchObject({ allowReview: true, showResultsImmediately: true, showCorrectAnswers: false, maxAttempts: 1 });
    expect(e.settings.proctoring).toMatchObject({ enabled: false, preventTabSwitching: true, requireFullscreen: true, enableCamera: false });
  });

  it('refuses short titles and descriptions, zero duration and negative passing marks', () => {
    expect(msgs(examCreateSchema.safeParse(exam({ title: 'ab', description: 'short', duration: 0, passingMarks: -1 })))).toEqual([
      EXAM_MSG.titleTooShort,
      EXAM_MSG.descriptionTooShort,
      EXAM_MSG.durationTooShort,
      EXAM_MSG.passingMarksInvalid,
    ]);
  });

  it('requires the end after the start', () => {
    // One instant for both: two calls of the clock may differ by a millisecond.
    const at = inHours(3);
    const r = examCreateSchema.safeParse(exam({ schedule: { startDate: at, endDate: at } }));
    expect(msgs(r)).toEqual([EXAM_MSG.endBeforeStart]);
  });

  it('refuses a start in the past at creation but allows it on edit', () => {
    const past = exam({ schedule: { startDate: inHours(-2), endDate: inHours(1) } });
    expect(msgs(examCreateSchema.safeParse(past))).toEqual([EXAM_MSG.startInPast]);
    expect(examUpdateSchema.safeParse(past).success).toBe(true);
  });

  it('reads startTime/endTime as the schedule too', () => {
    const e = examUpdateSchema.parse({ ...exam(), schedule: undefined, startTime: inHours(1), endTime: inHours(2) });
    expect(e.schedule.timezone).toBe('UTC');
  });

  it('keeps maxAttempts within 1 to 10 and at 1 without multiple attempts', () => {
    expect(msgs(examCreateSchema.safeParse(exam({ settings: { allowMultipleAttempts: true, maxAttempts: 11 } })))).toEqual([EXAM_MSG.maxAttemptsRange]);
    expect(examCreateSchema.parse(exam({ settings: { allowMultipleAttempts: false, maxAttempts: 5 } })).settings.maxAttempts).toBe(1);
  });

  it('reads a datetime-local schedule in its time zone, UTC when none is given', () => {
    const e = examCreateSchema.parse(exam({ schedule: { startDate: '2030-01-01T10:00', endDate: '2030-01-01T12:30', timezone: 'Asia/Kolkata' } }));
    expect(e.schedule).toEqual({ startDate: '2030-01-01T04:30:00.000Z', endDate: '2030-01-01T07:00:00.000Z', timezone: 'Asia/Kolkata' });
    const utc = examUpdateSchema.parse({ ...exam(), schedule: undefined, startTime: '2030-06-01T10:00', endTime: '2030-06-01T11:00' });
    expect(utc.schedule).toEqual({ startDate: '2030-06-01T10:00:00.000Z', endDate: '2030-06-01T11:00:00.000Z', timezone: 'UTC' });
    const ny = examCreateSchema.parse(exam({ schedule: { startDate: '2030-03-09T23:00', endDate: '2030-03-10T09:00', timezone: 'EST' } }));
    // Across the spring change (10 March 2030): EST before, EDT after.
    expect(ny.schedule).toEqual({ startDate: '2030-03-10T04:00:00.000Z', endDate: '2030-03-10T13:00:00.000Z', timezone: 'America/New_York' });
  });

  it('still refuses an unreadable date, an unknown time zone and an end before the start', () => {
    expect(msgs(examCreateSchema.safeParse(exam({ schedule: { startDate: '2030-02-30T10:00', endDate: inHours(3) } })))).toEqual([EXAM_MSG.dateInvalid]);
    expect(msgs(examCreateSchema.safeParse(exam({ schedule: { startDate: '2030-01-01T10:00', endDate: '2030-01-01T12:00', timezone: 'Mars/Base' } })))).toEqual([
      EXAM_MSG.dateInvalid,
      EXAM_MSG.dateInvalid,
      EXAM_MSG.timezoneInvalid,
    ]);
    expect(msgs(examCreateSchema.safeParse(exam({ schedule: { startDate: '2030-01-01T10:00', endDate: '2030-01-01T09:59', timezone: 'UTC' } })))).toEqual([EXAM_MSG.endBeforeStart]);
  });

  it('takes subjects as displayed, in any case, and answers the slug; unknown subjects are refused', () => {
    expect(examCreateSchema.parse(exam({ subject: 'Computer Science' })).subject).toBe('computer-science');
    expect(examCreateSchema.parse(exam({ subject: 'MATHEMATICS' })).subject).toBe('mathematics');
    expect(msgs(examCreateSchema.safeParse(exam({ subject: 'Astrology' })))).toEqual([EXAM_MSG.subjectUnknown]);
  });
});

describe('question rules', () => {
  const q = (over: Record<string, unknown>) => ({ text: 'What is two plus two?', type: 'multiple-choice', subject: 'mathematics', ...over });

  it('drops blank options and marks the correct one', () => {
    const r = questionInputSchema.parse(q({ options: ['3', '4', '', '  '], correctAnswer: '4' }));
    expect(r.options).toEqual([{ text: '3', isCorrect: false }, { text: '4', isCorrect: true }]);
    expect(r.points).toBe(1);
  });

  it('needs two non-empty options and a correct answer among them', () => {
    expect(msgs(questionInputSchema.safeParse(q({ options: ['4', '', '', ''], correctAnswer: '4' })))).toEqual([EXAM_MSG.optionsTooFew]);
    expect(msgs(questionInputSchema.safeParse(q({ options: ['3', '4'], correctAnswer: '5' })))).toEqual([EXAM_MSG.invalidCorrectAnswer]);
    expect(msgs(questionInputSchema.safeParse(q({ options: ['3', '4'] })))).toEqual([EXAM_MSG.invalidCorrectAnswer]);
  });

  it('reads the correct option from isCorrect flags too', () => {
    const r = questionInputSchema.parse(q({ options: [{ text: 'A', isCorrect: false }, { text: 'B', isCorrect: true }] }));
    expect(r.correctAnswer).toBe('B');
  });

  it('fixes true/false options whatever was sent', () => {
    const r = questionInputSchema.parse(q({ type: 'true-false', options: ['Yes', 'No', 'Maybe'], correctAnswer: 'false' }));
    expect(r.options).toEqual([{ text: 'True', isCorrect: false }, { text: 'False', isCorrect: true }]);
    expect(r.correctAnswer).toBe('False');
  });

  it('accepts several answers for a blank, and the wizard spelling fill-blanks', () => {
    const r = questionInputSchema.parse(q({ type: 'fill-blanks', correctAnswer: ['Paris', ' paris ', 'PARIS'] }));
    expect(r.type).toBe('fill-blank');
    expect(r.correctAnswer).toBe('Paris');
    expect(r.acceptedAnswers).toEqual(['Paris', 'paris', 'PARIS']);
  });

  it('takes correctAnswer null for essays and blanks (a keyless blank is marked by the teacher), but not for choices', () => {
    expect(questionInputSchema.parse(q({ type: 'essay', correctAnswer: null, subject: 'English' }))).toMatchObject({ correctAnswer: '', subject: 'english' });
    expect(questionInputSchema.parse(q({ type: 'fill-blank', correctAnswer: null }))).toMatchObject({ correctAnswer: '', acceptedAnswers: [] });
    expect(msgs(questionInputSchema.safeParse(q({ type: 'fill-blank', correctAnswer: '  ' })))).toEqual([EXAM_MSG.fillBlankAnswerRequired]);
    expect(msgs(questionInputSchema.safeParse(q({ options: ['3', '4'], correctAnswer: null })))).toEqual([EXAM_MSG.invalidCorrectAnswer]);
  });

  it('refuses short text and zero points, reading marks as points', () => {
    expect(msgs(questionInputSchema.safeParse({ question: 'Too short', type: 'essay', subject: 'english', marks: 0 }))).toEqual([
      EXAM_MSG.questionTextTooShort,
      EXAM_MSG.pointsInvalid,
    ]);
    expect(questionInputSchema.parse({ question: 'Write an essay on rivers.', type: 'essay', subject: 'english', marks: 5 }).points).toBe(5);
  });
});
