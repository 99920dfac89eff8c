import messages from './locales/en/messages.json' with { type: 'json' };
import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, ROLES, SECTIONS, type Role } from './constants';
import { MSG } from './messages';
import { limitQueryField, pageQueryField } from './validation';
import type { PublicUser, User } from './user';

/** Texts of the admin's people screens (docs/people.md). */
export const USER_MSG = messages.users;

/** Name shown wherever an erased account is still referenced (an attempt, an exam's author). */
export const DELETED_USER_NAME = { firstName: 'Deleted', lastName: 'user' } as const;

export const USER_SORTS = ['createdAt', 'firstName', 'lastName', 'email', 'role'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const STUDENT_SORTS = ['name', 'email', 'grade', 'createdAt'] as const;
export type StudentSort = (typeof STUDENT_SORTS)[number];
export const STUDENT_GRADES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
export const MAX_IMPORT_ROWS = 5000;

const blankToUndefined = (v: unknown) => (v === '' || v === null || v === 'all' ? undefined : v);
const trimmed = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v ?? undefined), z.string().max(max).optional());

const intFrom = (msg: string) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number({ error: msg }).int(msg));
const pageField = pageQueryField;
const limitField = limitQueryField(10);
const gradeField = intFrom(USER_MSG.gradeInvalid).pipe(z.number().min(1, USER_MSG.gradeInvalid).max(12, USER_MSG.gradeInvalid));
const sectionField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : v ?? undefined),
  z.enum(SECTIONS, { error: MSG.sectionInvalid }).optional(),
);
const dateField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v ?? undefined),
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, USER_MSG.dateInvalid).optional(),
);
const roleField = z.enum(ROLES, { error: USER_MSG.roleInvalid });
const orderField = z.preprocess(blankToUndefined, z.enum(['asc', 'desc']).optional());

export const userEmailSchema = z.string().trim().toLowerCase().max(254, MSG.emailInvalid).pipe(z.email({ error: MSG.emailInvalid }));

/**
 * The fields an admin sets on a person besides the required ones. Grade and section matter for
 * students, subject and qualification for teachers; the other roles keep them empty.
 */
const profileFields = {
  phone: optionalText(40),
  dateOfBirth: dateField,
  grade: z.preprocess(blankToUndefined, gradeField.optional()),
  section: sectionField,
  subject: optionalText(100),
  qualification: optionalText(200),
};

/**
 * Add user: names, e-mail and password required, password at least 6 characters, role defaults
 * to student, values trimmed. Checked in that order, so the first message is the first rule broken.
 */
export const adminCreateUserSchema = z
  .object({
    firstName: z.string().default(''),
    lastName: z.string().default(''),
    email: z.string().default(''),
    password: z.string().default(''),
    role: z.preprocess(blankToUndefined, roleField.default('student')),
    ...profileFields,
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    for (const f of ['firstName', 'lastName', 'email', 'password'] as const) {
      if (!v[f].trim()) issue(f, USER_MSG.requiredFields);
    }
    if (v.password && v.password.length < MIN_PASSWORD_LENGTH) issue('password', MSG.passwordTooShort);
    if (v.password.length > MAX_PASSWORD_LENGTH) issue('password', MSG.passwordTooLong);
    if (v.email.trim() && !userEmailSchema.safeParse(v.email).success) issue('email', MSG.emailInvalid);
    if (v.firstName.trim().length > 100 || v.lastName.trim().length > 100) issue('firstName', USER_MSG.namesTooLong);
  })
  .transform((v) => ({
    ...v,
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    email: v.email.trim().toLowerCase(),
  }));
export type AdminCreateUserInput = z.output<typeof adminCreateUserSchema>;

/** Edit user: names and e-mail required; role, phone and date of birth editable. */
export const adminUpdateUserSchema = z
  .object({
    firstName: z.string().default(''),
    lastName: z.string().default(''),
    email: z.string().default(''),
    role: z.preprocess(blankToUndefined, roleField.optional()),
    isActive: z.boolean().optional(),
    ...profileFields,
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    for (const f of ['firstName', 'lastName', 'email'] as const) {
      if (!v[f].trim()) issue(f, USER_MSG.requiredFields);
    }
    if (v.email.trim() && !userEmailSchema.safeParse(v.email).success) issue('email', MSG.emailInvalid);
    if (v.firstName.trim().length > 100 || v.lastName.trim().length > 100) issue('firstName', USER_MSG.namesTooLong);
  })
  .transform((v) => ({ ...v, firstName: v.firstName.trim(), lastName: v.lastName.trim(), email: v.email.trim().toLowerCase() }));
export type AdminUpdateUserInput = z.output<typeof adminUpdateUserSchema>;

export const userStatusSchema = z.object({ isActive: z.boolean({ error: 'isActive must be true or false' }) });

/**
 * A sort in either of the forms clients send: `-createdAt` (descending), `createdAt` with
 * `order=desc`, or `createdAt:desc`. Without a direction a sort is ascending; without a sort the
 * list is newest first.
 */
function sortParser<T extends readonly string[]>(fields: T, message: string, aliases: Record<string, T[number]> = {}) {
  return (raw: { sort?: string; order?: 'asc' | 'desc' }, ctx: z.RefinementCtx) => {
    const text = (raw.sort ?? '').trim();
    if (!text) return { field: 'createdAt' as T[number], direction: raw.order ?? ('desc' as const) };
    const match = /^([-+]?)([A-Za-z]+)(?::(asc|desc))?$/.exec(text);
    const name = match?.[2] ?? '';
    const field = (fields as readonly string[]).includes(name) ? (name as T[number]) : aliases[name];
    if (!match || !field) {
      ctx.addIssue({ code: 'custom', path: ['sort'], message });
      return z.NEVER;
    }
    const direction = match[1] === '-' ? 'desc' : ((match[3] as 'asc' | 'desc' | undefined) ?? raw.order ?? 'asc');
    return { field, direction };
  };
}

export const userListQuerySchema = z
  .object({
    page: pageField,
    limit: limitField,
    sort: z.string().max(40).optional(),
    order: orderField,
    role: z.preprocess(blankToUndefined, roleField.optional()),
    search: trimmed(100).optional(),
  })
  .transform((v, ctx) => ({ page: v.page, limit: v.limit, role: v.role, search: v.search || undefined, sort: sortParser(USER_SORTS, USER_MSG.sortInvalid)(v, ctx) }));
export type UserListQuery = z.output<typeof userListQuerySchema>;

export const studentListQuerySchema = z
  .object({
    page: pageField,
    limit: limitField,
    sort: z.string().max(40).optional(),
    order: orderField,
    grade: z.preprocess(blankToUndefined, gradeField.optional()),
    section: sectionField,
    status: z.preprocess(blankToUndefined, z.enum(['active', 'inactive'], { error: USER_MSG.statusInvalid }).optional()),
    search: trimmed(100).optional(),
  })
  .transform((v, ctx) => ({
    page: v.page,
    limit: v.limit,
    grade: v.grade,
    section: v.section,
    status: v.status,
    search: v.search || undefined,
    sort: sortParser(STUDENT_SORTS, USER_MSG.studentSortInvalid, { date: 'createdAt', firstName: 'name', lastName: 'name' })(v, ctx),
  }));
export type StudentListQuery = z.output<typeof studentListQuerySchema>;

/** The CSV travels as text in JSON: the browser reads the chosen file, the server parses it. */
export const userImportSchema = z.object({
  csv: z.string({ error: USER_MSG.csvRequired }).max(1_000_000, USER_MSG.csvTooLarge).refine((s) => s.trim().length > 0, USER_MSG.csvRequired),
});

export const IMPORT_COLUMNS = ['firstName', 'lastName', 'email', 'role', 'grade', 'section', 'subject', 'parentEmail'] as const;

/** One CSV line as the preview shows it: what it would create and what stops it. */
export interface ImportRow {
  /** Line number in the file (the header is line 1). */
  line: number;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  grade: string;
  section: string;
  subject: string;
  parentEmail: string;
  problems: string[];
}

export interface ImportPreview {
  rows: ImportRow[];
  validRows: number;
  invalidRows: number;
  /** Parent accounts the import would create for parentEmail values nobody holds yet. */
  newParents: number;
}

export interface ImportResult {
  created: number;
  skipped: number;
  parentsCreated: number;
  linked: number;
  invited: number;
  rows: ImportRow[];
}

export interface UserListData {
  users: User[];
  total: number;
  totalPages: number;
  currentPage: number;
}

/** A student as the students list shows one. */
/** e-mail and phone are null where the student keeps them private from the viewer (privacy settings). */
export type StudentListItem = PublicUser & {
  status: 'active' | 'inactive';
  /** The student has a standing accommodation (extra time, breaks, waived checks, display). */
  accommodated: boolean;
};

export interface StudentListData {
  students: StudentListItem[];
  total: number;
  totalPages: number;
  currentPage: number;
  stats: { total: number; active: number; inactive: number; grades: number };
}

export const isUserRole = (v: string): v is Role => (ROLES as readonly string[]).includes(v);
