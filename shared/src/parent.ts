import messages from './locales/en/messages.json' with { type: 'json' };
import { z } from 'zod';
import { RELATIONSHIPS } from './constants';

/**
 * The parent area: dashboard, child progress, children list, reports, adding a child
 * (docs/people.md).
 *
 * A parent link is a request until the student accepts it: only an accepted link lets the parent
 * see anything of the child.
 */
export type Relationship = (typeof RELATIONSHIPS)[number];
/** The dashboard's add-child modal offers these; the children list offers 'parent' instead of 'other'. */
export const DASHBOARD_RELATIONSHIPS: Relationship[] = ['father', 'mother', 'guardian', 'other'];
export const CHILDREN_LIST_RELATIONSHIPS: Relationship[] = ['father', 'mother', 'guardian', 'parent'];

export const LINK_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

export const PARENT_MSG = messages.parent;

const required = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.string({ error: PARENT_MSG.fillAllFields }).min(1, PARENT_MSG.fillAllFields),
);

export const addChildSchema = z.object({
  childEmail: required.pipe(z.email({ error: messages.common.emailInvalid })).transform((e) => e.toLowerCase()),
  relationship: required.pipe(z.enum(RELATIONSHIPS, { error: PARENT_MSG.relationshipInvalid })),
});
export type AddChildInput = z.input<typeof addChildSchema>;

/** An admin links a parent and a student directly (no request). */
export const adminLinkSchema = z.object({
  parentId: z.uuid({ error: PARENT_MSG.notAParent }),
  studentId: z.uuid({ error: PARENT_MSG.notAStudent }),
  relationship: z.enum(RELATIONSHIPS).default('parent'),
});

export const PROGRESS_RANGES = ['all', 'month', 'week'] as const;
export type ProgressRange = (typeof PROGRESS_RANGES)[number];
export const REPORT_TYPES = ['performance', 'exams', 'results'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_RANGES = ['all', 'this-month', 'last-3-months', 'this-year'] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];
export type ChildRange = ProgressRange | ReportRange;

/** The child calls take either screen's ranges: the progress page's and the reports page's. */
export const childRangeQuerySchema = z.object({
  range: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum([...PROGRESS_RANGES, ...REPORT_RANGES.filter((r) => r !== 'all')] as [ChildRange, ...ChildRange[]], {
      error: PARENT_MSG.rangeInvalid,
    }).default('all'),
  ),
});

/** When a range starts (inclusive), or null for all time. Months and years follow the calendar. */
export function rangeStart(range: ChildRange, now: Date = new Date()): Date | null {
  switch (range) {
    case 'week':
      return new Date(now.getTime() - 7 * 24 * 3600_000);
    case 'month':
      return new Date(now.getTime() - 30 * 24 * 3600_000);
    case 'this-month':
      return new Date(now.getFullYear(), now.getMonth(), 1);
    case 'last-3-months':
      return new Date(now.getFullYear(), now.getMonth() - 2, 1);
    case 'this-year':
      return new Date(now.getFullYear(), 0, 1);
    default:
      return null;
  }
}

export interface ChildStats {
  totalExams: number;
  averageScore: number;
  bestScore: number;
  recentScore: number | null;
  /** The average as a number (clients format it with decimals); null before any result. */
  performance: number | null;
  /** The performance in words ('Good', 'No exams yet'), in English. */
  performanceLabel: string;
  lastExamDate: string | null;
}

export interface Child {
  _id: string;
  /** The link's id (what the student accepts or declines). */
  linkId: string;
  firstName: string;
  lastName: string;
  name: string;
  /** What the parent typed for a request; for a linked child, null unless they show it (privacy). */
  email: string | null;
  avatar: string | null;
  grade: number | null;
  section: string | null;
  relationship: Relationship;
  linkStatus: LinkStatus;
  requestedAt: string;
  /** Only for accepted links: a pending child's results are not the parent's to see yet. */
  stats: ChildStats | null;
  /** stats.performance beside the child itself: a number, null when there is none. */
  performance: number | null;
}

export interface ParentSummary {
  totalChildren: number;
  totalExams: number;
  averagePerformance: number;
  activeChildren: number;
}

export interface RecentActivity {
  childId: string;
  childName: string;
  submissionId: string;
  examTitle: string;
  subject: string;
  score: number;
  grade: string;
  date: string;
}

export interface ParentDashboard {
  children: Child[];
  summary: ParentSummary;
  recentActivities: RecentActivity[];
}

export interface ChildSubmission {
  _id: string;
  examId: string;
  examTitle: string;
  subject: string;
  percentage: number;
  score: number;
  totalMarks: number;
  grade: string;
  isPassed: boolean;
  date: string;
}

export interface ChildProgress {
  /** email: null unless the child shows it (privacy: showEmail). */
  child: { _id: string; name: string; email: string | null; grade: number | null };
  range: ChildRange;
  stats: { totalExams: number; averageScore: number; bestScore: number; passRate: number };
  /** Newest first; the chart shows the last 10. */
  submissions: ChildSubmission[];
  subjects: { subject: string; totalExams: number; averageScore: number; bestScore: number }[];
  insights: { strengths: string[]; improvements: string[] };
}

export interface ChildExam {
  _id: string;
  title: string;
  subject: string;
  startDate: string;
  endDate: string;
  duration: number;
  status: 'upcoming' | 'ongoing' | 'completed' | 'unknown';
  /** The child's latest attempt, if any: in progress, submitted (awaiting marks) or graded. */
  attempt: { status: 'in_progress' | 'submitted' | 'graded'; percentage: number | null; submittedAt: string | null } | null;
}

export interface LinkRequest {
  _id: string;
  /** The asking parent's e-mail is always shown: the student must know who asks before granting access. */
  parent: { _id: string; name: string; email: string };
  relationship: Relationship;
  requestedAt: string;
}
