import messages from './locales/en/messages.json' with { type: 'json' };
import { z } from 'zod';
import { WAIVABLE_CHECKS } from './proctoring';

/**
 * Accommodations (issue 56): what a student is given, by law or by the school, to sit an exam on
 * equal terms. Kept on the student and applied to every exam they sit; an exam may set its own
 * for a student, which then replaces the student's for that exam (not merged field by field: what
 * the teacher sees on the exam is exactly what applies). The server applies the time multiplier
 * to the attempt's deadline when it starts; nothing on the student's device can change it.
 */

export const ACCOMMODATION_MSG = messages.accommodations;

/** The multipliers a school offers; 1 is none. */
export const TIME_MULTIPLIERS = [1, 1.25, 1.5, 1.75, 2, 2.5, 3] as const;
export const MAX_REST_BREAK_MINUTES = 120;

export const accommodationSchema = z.object({
  timeMultiplier: z
    .number({ error: ACCOMMODATION_MSG.multiplierInvalid })
    .refine((m) => (TIME_MULTIPLIERS as readonly number[]).includes(m), ACCOMMODATION_MSG.multiplierInvalid)
    .default(1),
  /** Minutes of rest breaks in one exam, clock stopped; 0: none. */
  restBreakMinutes: z
    .number({ error: ACCOMMODATION_MSG.breakMinutesInvalid })
    .int(ACCOMMODATION_MSG.breakMinutesInvalid)
    .min(0, ACCOMMODATION_MSG.breakMinutesInvalid)
    .max(MAX_REST_BREAK_MINUTES, ACCOMMODATION_MSG.breakMinutesInvalid)
    .default(0),
  /** Breaks start when the student asks, without waiting for a proctor. */
  breaksAutomatic: z.boolean().default(false),
  /** Proctoring checks that never flag this student (the waivers of issue 58, standing). */
  waivedChecks: z.array(z.enum(WAIVABLE_CHECKS)).max(WAIVABLE_CHECKS.length).default([]).transform((c) => [...new Set(c)]),
  /** The exam screen without the timer's colours, animations and the palette's status colours. */
  reducedDistraction: z.boolean().default(false),
  /** The exam screen's text larger (125 %). */
  largerText: z.boolean().default(false),
  /** For the staff only: why, or what the document says. */
  note: z.string().trim().max(1000).default(''),
});
/** What the student's screen and the proctor board read of an accommodation: never the staff's note. */
export const accommodationViewSchema = z.object({
  timeMultiplier: z.number(),
  restBreakMinutes: z.number().int(),
  breaksAutomatic: z.boolean(),
  waivedChecks: z.array(z.enum(WAIVABLE_CHECKS)),
  reducedDistraction: z.boolean(),
  largerText: z.boolean(),
});
export type AccommodationView = z.infer<typeof accommodationViewSchema>;
export const accommodationView = ({ note: _note, ...view }: Accommodation): AccommodationView => view;

export type AccommodationInput = z.input<typeof accommodationSchema>;
export type Accommodation = z.output<typeof accommodationSchema>;

export const NO_ACCOMMODATION: Accommodation = {
  timeMultiplier: 1,
  restBreakMinutes: 0,
  breaksAutomatic: false,
  waivedChecks: [],
  reducedDistraction: false,
  largerText: false,
  note: '',
};

/** Whether an accommodation gives anything at all (the board marks the student only then). */
export function accommodates(a: Accommodation | null | undefined): boolean {
  if (!a) return false;
  return a.timeMultiplier !== 1 || a.restBreakMinutes > 0 || a.waivedChecks.length > 0 || a.reducedDistraction || a.largerText;
}

/** What the student's screen and the board are told of an accommodation: nothing when it gives nothing. */
export const shownAccommodation = (a: Accommodation | null | undefined): AccommodationView | null => (a && accommodates(a) ? accommodationView(a) : null);

/** The one that applies in an exam: the exam's own for the student, else the student's, else none. */
export function effectiveAccommodation(student: Accommodation | null, exam: Accommodation | null): Accommodation {
  return exam ?? student ?? NO_ACCOMMODATION;
}

/**
 * The minutes a student with this multiplier has for an exam of `durationMinutes`. The exam's
 * window closes for them later by the same extra time, so a student who starts on time never loses
 * their extra time to the window's end (docs: accommodations).
 */
export const accommodatedMinutes = (durationMinutes: number, multiplier: number) => Math.round(durationMinutes * multiplier);

/** GET /users/{id}/accommodations, GET /exams/{id}/accommodations (one per student with one). */
export interface StudentAccommodation {
  studentId: string;
  studentName: string;
  /** The student's own (every exam). */
  standing: Accommodation | null;
  /** This exam's, when an exam is asked about and it sets one. */
  exam?: Accommodation | null;
  /** What applies (in the exam asked about, or in every exam). */
  effective: Accommodation;
  updatedAt: string | null;
  updatedBy: string | null;
}
