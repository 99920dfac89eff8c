import { DASHBOARD_PATH, type AdminDashboard, type ParentDashboardData, type Role, type StudentDashboard, type TeacherDashboard } from '@exam/shared';
import { http } from '../../api/http';

export interface DashboardByRole {
  admin: AdminDashboard;
  teacher: TeacherDashboard;
  student: StudentDashboard;
  parent: ParentDashboardData;
}

export const dashboardKeys = {
  all: ['dashboard'] as const,
  role: (role: Role) => ['dashboard', role] as const,
};

export function fetchDashboard<R extends Role>(role: R): Promise<DashboardByRole[R]> {
  return http.get<DashboardByRole[R]>(DASHBOARD_PATH[role]).then((r) => r.data);
}

/** What a dashboard shows when its call failed: zeroed stats and empty lists, never invented figures. */
export const EMPTY_DASHBOARD: DashboardByRole = {
  admin: {
    stats: { totalUsers: 0, totalStudents: 0, totalTeachers: 0, totalParents: 0, totalExams: 0, activeExams: 0, totalSubmissions: 0, pendingGrading: 0 },
    recentUsers: [],
    recentExams: [],
    trends: [],
    systemHealth: { status: 'unknown', uptime: 0, memory: { heapUsed: 0, heapTotal: 0 }, nodes: [] },
    contactMessages: [],
  },
  teacher: { stats: { totalExams: 0, activeExams: 0, totalStudents: 0, pendingGrading: 0 }, upcomingExams: [], pendingGrading: [], recentActivity: [] },
  student: { stats: { totalExams: 0, completedExams: 0, averageScore: 0, pendingResults: 0 }, upcomingExams: [], recentResults: [], notifications: [] },
  parent: { stats: { totalChildren: 0, totalExamsTaken: 0, averagePerformance: 0 }, children: [], recentResults: [], notifications: [] },
};
