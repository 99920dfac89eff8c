import { z } from 'zod';
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  REGISTRATION_GRADES,
  SECTIONS,
  SELF_REGISTER_ROLES,
  type SelfRegisterRole,
} from './constants';
import messages from './locales/en/messages.json' with { type: 'json' };
import { MSG } from './messages';

/** Trims and turns "" into undefined so optional form fields stay optional. */
const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

const emailField = z
  .string({ error: MSG.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, MSG.emailRequired)
  .max(254, MSG.emailInvalid)
  .pipe(z.email({ error: MSG.emailInvalid }));

const passwordField = z
  .string({ error: MSG.passwordRequired })
  .min(MIN_PASSWORD_LENGTH, MSG.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, MSG.passwordTooLong);

const registerFields = {
  firstName: z.string().default(''),
  lastName: z.string().default(''),
  email: z.string({ error: MSG.emailRequired }).default(''),
  password: z.string({ error: MSG.passwordRequired }).default(''),
  role: z.string().default(''),
  phone: optionalText(40),
  dateOfBirth: optionalText(10),
  address: optionalText(500),
  grade: z.union([z.number(), z.string()]).optional().nullable(),
  section: optionalText(1),
  subject: optionalText(100),
  qualification: optionalText(200),
};

type RawRegister = z.infer<z.ZodObject<typeof registerFields>> & { confirmPassword?: string };

/**
 * The registration rules, in the order the form shows them. The first failing rule gives
 * the top-level message; every failing rule is reported per field.
 */
function checkRegistration(v: RawRegister, ctx: z.RefinementCtx, withConfirm: boolean): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (withConfirm && v.password !== v.confirmPassword) issue('confirmPassword', MSG.passwordsDoNotMatch);
  if (!v.password) issue('password', MSG.passwordRequired);
  else if (v.password.length < MIN_PASSWORD_LENGTH) issue('password', MSG.passwordTooShort);
  else if (v.password.length > MAX_PASSWORD_LENGTH) issue('password', MSG.passwordTooLong);
  if (!v.firstName.trim() || !v.lastName.trim()) {
    issue(!v.firstName.trim() ? 'firstName' : 'lastName', MSG.namesRequired);
  }
  if (v.role === 'student') {
    const grade = parseGrade(v.grade);
    if (v.grade === undefined || v.grade === null || v.grade === '' || !v.section) {
      issue(!v.section && v.grade ? 'section' : 'grade', MSG.studentFieldsRequired);
    } else if (grade === undefined || !(REGISTRATION_GRADES as readonly number[]).includes(grade)) {
      issue('grade', MSG.gradeInvalid);
    } else if (!(SECTIONS as readonly string[]).includes(v.section)) {
      issue('section', MSG.sectionInvalid);
    }
  }
  if (v.role === 'teacher' && (!v.subject || !v.qualification)) {
    issue(!v.subject ? 'subject' : 'qualification', MSG.teacherFieldsRequired);
  }
  const email = emailField.safeParse(v.email);
  if (!email.success) issue('email', email.error.issues[0]?.message ?? MSG.emailInvalid);
  if (!(SELF_REGISTER_ROLES as readonly string[]).includes(v.role)) issue('role', MSG.roleInvalid);
  if (v.dateOfBirth && !/^\d{4}-\d{2}-\d{2}$/.test(v.dateOfBirth)) {
    issue('dateOfBirth', messages.users.dateInvalid);
  }
}

function parseGrade(grade: unknown): number | undefined {
  if (typeof grade === 'number') return Number.isInteger(grade) ? grade : undefined;
  if (typeof grade === 'string' && /^\d+$/.test(grade.trim())) return Number(grade.trim());
  return undefined;
}

function toRegisterInput(v: RawRegister): RegisterInput {
  const role = v.role as SelfRegisterRole;
  return {
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    email: v.email.trim().toLowerCase(),
    password: v.password,
    role,
    phone: v.phone,
    dateOfBirth: v.dateOfBirth,
    address: v.address,
    grade: role === 'student' ? parseGrade(v.grade) : undefined,
    section: role === 'student' ? v.section : undefined,
    subject: role === 'teacher' ? v.subject : undefined,
    qualification: role === 'teacher' ? v.qualification : undefined,
  };
}

export interface RegisterInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  role: SelfRegisterRole;
  phone?: string;
  dateOfBirth?: string;
  address?: string;
  grade?: number;
  section?: string;
  subject?: string;
  qualification?: string;
}

/** What the server accepts on POST /auth/register (confirmPassword is removed before sending). */
export const registerSchema = z
  .object(registerFields)
  .superRefine((v, ctx) => checkRegistration(v, ctx, false))
  .transform(toRegisterInput);

/** The register form: the same rules plus the confirmation and the terms checkbox. */
export const registerFormSchema = z
  .object({ ...registerFields, confirmPassword: z.string().default(''), acceptTerms: z.boolean().default(false) })
  .superRefine((v, ctx) => {
    checkRegistration(v, ctx, true);
    if (!v.acceptTerms) ctx.addIssue({ code: 'custom', path: ['acceptTerms'], message: MSG.termsRequired });
  });
export type RegisterFormValues = z.input<typeof registerFormSchema>;

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(MAX_PASSWORD_LENGTH, MSG.passwordTooLong),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });

const tokenField = z.string({ error: MSG.tokenRequired }).trim().min(1, MSG.tokenRequired).max(200, MSG.invalidOrExpiredToken);

export const resetPasswordSchema = z.object({ token: tokenField, password: passwordField });
export const resetPasswordFormSchema = z
  .object({ password: passwordField, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: MSG.passwordsDoNotMatch });

export const verifyEmailSchema = z.object({ token: tokenField });
export const resendVerificationSchema = z.object({ email: emailField });

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: MSG.currentPasswordRequired }).min(1, MSG.currentPasswordRequired).max(MAX_PASSWORD_LENGTH),
  newPassword: passwordField,
});
