/**
 * Fixed marketing content of the home page: these figures and quotes are
 * the school's marketing copy, not measurements, and are never presented as live data. Each id
 * names its words in the `home` catalogue (stats.<id>, steps.<id>, testimonials.<id>).
 */
export const MARKETING_STATS = ['students', 'institutions', 'uptime', 'freeTrial'] as const;

/** The stats cards appear after this delay. */
export const STATS_DELAY_MS = 500;
/** Testimonial rotation. */
export const TESTIMONIAL_MS = 5_000;

export const STEPS = ['create', 'take', 'grade', 'follow'] as const;

export const TESTIMONIALS = ['teacher', 'student', 'parent', 'examsOfficer'] as const;

/** What the product does, stated as what it offers rather than as figures. */
export const FEATURES = ['timedExams', 'monitoredSessions', 'grading', 'analytics', 'parents', 'browser'] as const;
