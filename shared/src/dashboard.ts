import messages from './locales/en/messages.json' with { type: 'json' };
import { z } from 'zod';
import type { Notification } from './notifications';
import type { Role } from './constants';
import type { User } from './user';

/** Activity lists on every dashboard hold at most this many items. */
export const DASHBOARD_LIST_LIMIT = 5;
/** Days covered by the admin trends. */
export const TREND_DAYS = 30;

/**
 * Pushed to `user:<id>` after a commit that changes what that user's dashboard shows (a
 * submission arrived, was graded, a student started sitting an exam). It carries no figures:
 * the page re-reads its dashboard call, so the pushed event and the REST data never disagree.
 */
export const DASHBOARD_CHANGED_EVENT = 'dashboard:changed';
export interface DashboardChanged {
  reason: 'submitted' | 'graded' | 'started' | 'contact';
}

/** The dashboard call of each role (docs/dashboards.md). */
export const DASHBOARD_PATH: Record<Role, string> = {
  admin: '/dashboard/admin',
  teacher: '/dashboard/teacher',
  student: '/dashboard/student',
  parent: '/dashboard/parent',
};

export interface DashboardExam {
  _id: string;
  title: string;
  subject: string;
  schedule: { startDate: string; endDate: string };
  duration: number;
}

export interface TeacherDashboardExam extends DashboardExam {
  isPublished: boolean;
  /** Students with an attempt in progress right now. */
  sittingNow: number;
}

export interface StudentDashboardExam extends DashboardExam {
  /** Attempts left for this student; Take Exam shows while the window is open and this is above 0. */
  attemptsLeft: number;
}

export interface PendingGradingItem {
  _id: string;
  exam: { _id: string; title: string };
  /** `name` in one string; firstName and lastName as a Submission has them. */
  student: { _id: string; name: string; firstName: string; lastName: string };
  submittedAt: string;
}

export interface ActivityItem {
  icon: 'submission' | 'graded' | 'user' | 'exam' | 'result';
  message: string;
  timestamp: string;
  link: string | null;
}

export interface RecentResult {
  _id: string;
  exam: { _id: string; title: string; subject: string; totalMarks: number | null };
  /** Null until the result exists and the exam lets the student see it. */
  percentage: number | null;
  /** Marks earned; null like percentage. */
  marksObtained: number | null;
  /** Null until a final result is out: an essay waiting for its marks is neither passed nor failed. */
  isPassed: boolean | null;
  status: 'submitted' | 'graded';
  submittedAt: string;
}

export interface TeacherDashboard {
  stats: { totalExams: number; activeExams: number; totalStudents: number; pendingGrading: number };
  upcomingExams: TeacherDashboardExam[];
  pendingGrading: PendingGradingItem[];
  recentActivity: ActivityItem[];
}

export interface StudentDashboard {
  stats: { totalExams: number; completedExams: number; averageScore: number; pendingResults: number };
  upcomingExams: StudentDashboardExam[];
  recentResults: RecentResult[];
  notifications: Notification[];
}

export interface ParentDashboardData {
  stats: { totalChildren: number; totalExamsTaken: number; averagePerformance: number };
  children: { _id: string; name: string; grade: number | null; totalExams: number; averageScore: number }[];
  recentResults: (RecentResult & { childName: string })[];
  notifications: Notification[];
}

export type HealthStatus = 'healthy' | 'degraded' | 'down' | 'unknown';

/** One node's own report of itself (every node publishes one; see the health service). */
export interface NodeHealth {
  nodeId: string;
  status: Exclude<HealthStatus, 'unknown'>;
  /** Why the status is not healthy, in words an admin can act on. */
  problems: string[];
  uptime: number;
  memory: { heapUsed: number; heapTotal: number; rss: number };
  sockets: number;
  dbLatencyMs: number | null;
  redis: 'ok' | 'fail' | 'not-configured';
  /** Milliseconds since the deadline sweeper last finished a run on this node. */
  sweeperLagMs: number | null;
  /** Seconds the oldest in-progress attempt is past its deadline (0 when none is). */
  oldestOverdueSeconds: number;
  reportedAt: string;
}

export interface SystemHealth {
  status: HealthStatus;
  /** The reporting node's uptime and memory. */
  uptime: number;
  memory: { heapUsed: number; heapTotal: number };
  nodes: NodeHealth[];
}

export interface TrendPoint {
  date: string;
  signUps: number;
  submissions: number;
  averageScore: number | null;
}

export interface ContactMessageItem {
  _id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
}

export interface AdminDashboard {
  stats: {
    totalUsers: number;
    totalStudents: number;
    totalTeachers: number;
    totalParents: number;
    totalExams: number;
    activeExams: number;
    totalSubmissions: number;
    pendingGrading: number;
  };
  recentUsers: User[];
  /** `owner` is the author's name in one string; `createdBy` the same as an Exam has it. */
  recentExams: (DashboardExam & { isPublished: boolean; owner: string; createdBy: { firstName: string; lastName: string } })[];
  trends: TrendPoint[];
  systemHealth: SystemHealth;
  contactMessages: ContactMessageItem[];
}

/** The contact form; `website` is the honeypot a person never fills. */
export const contactMessageSchema = z.object({
  name: z.string().trim().min(1, messages.contact.nameRequired).max(100, messages.contact.nameTooLong),
  email: z.string().trim().toLowerCase().pipe(z.email(messages.common.emailInvalid)).pipe(z.string().max(254)),
  subject: z.string().trim().min(1, messages.contact.subjectRequired).max(200, messages.contact.subjectTooLong),
  message: z.string().trim().min(10, messages.contact.messageTooShort).max(5000, messages.contact.messageTooLong),
  website: z.string().max(200).optional(),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;

export const CONTACT_MSG = messages.contact;

export const DASHBOARD_MSG = messages.dashboard;

/** Said when an admin's delete kept the exam because students attempted it (admin exams). */
export const EXAM_ARCHIVED_MSG = messages.exams.archived;
