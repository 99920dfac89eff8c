import { EXAM_SETTINGS_DEFAULTS, type ExamDetail } from '@exam/shared';

const HOUR = 3600_000;

/**
 * A complete exam as the API presents it. `state` places its schedule around `now`: upcoming
 * starts in two days, ongoing started an hour ago, completed ended yesterday.
 */
export function buildExam(overrides: Partial<ExamDetail> & { state?: 'upcoming' | 'ongoing' | 'completed'; now?: number } = {}): ExamDetail {
  const { state = 'upcoming', now = Date.now(), ...rest } = overrides;
  const start = state === 'upcoming' ? now + 48 * HOUR : state === 'ongoing' ? now - HOUR : now - 48 * HOUR;
  const end = state === 'completed' ? now - 24 * HOUR : start + 4 * HOUR;
  const startDate = new Date(start).toISOString();
  const endDate = new Date(end).toISOString();
  return {
    _id: 'e1',
    title: 'Algebra Practice Test',
    subject: 'mathematics',
    description: 'Linear equations and fractions.',
    grade: 10,
    duration: 90,
    passingMarks: 60,
    totalMarks: 12,
    maxScore: 12,
    examType: 'practice',
    difficulty: 'medium',
    instructions: '',
    schedule: { startDate, endDate, timezone: 'UTC' },
    startTime: startDate,
    endTime: endDate,
    status: state,
    settings: { ...EXAM_SETTINGS_DEFAULTS, proctoring: { ...EXAM_SETTINGS_DEFAULTS.proctoring } },
    eligibleStudents: [],
    tags: [],
    isPublished: true,
    isActive: true,
    publishedAt: null,
    totalQuestions: 5,
    hasAttempts: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    createdBy: { _id: 't1', firstName: 'Tom', lastName: 'Teacher' },
    userAttempts: null,
    ...rest,
  };
}
