import type { PublicUser, Role, User } from '@exam/shared';
import type { UserRow } from '../db/userRow';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Dates of birth are calendar dates: present them as YYYY-MM-DD whatever the driver returned. */
function calendarDate(d: Date | string | null): string | null {
  if (d === null) return null;
  if (typeof d === 'string') return d.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The whitelist of what any caller may see of a user (never the password hash). */
export function presentUser(row: UserRow): User {
  return {
    _id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    name: `${row.first_name} ${row.last_name}`,
    email: row.email,
    role: row.role,
    avatar: row.avatar,
    phone: row.phone,
    phoneNumber: row.phone,
    dateOfBirth: calendarDate(row.date_of_birth),
    address: row.address,
    bio: row.bio ?? null,
    isVerified: row.is_verified,
    isActive: row.is_active,
    studentId: row.student_id,
    grade: row.grade,
    section: row.section,
    subject: row.subject,
    qualification: row.qualification,
    createdAt: iso(row.created_at)!,
    lastLogin: iso(row.last_login),
  };
}

/** Who is looking, for the privacy switches: the user themself and admins see everything. */
export interface Onlooker {
  id: string;
  role: Role;
}

/** Which of a user's contact details an onlooker may see (decided in services/contactPrivacy). */
export interface ContactShown {
  email: boolean;
  phone: boolean;
}

/** A user as another person sees them: e-mail and phone only where `shown` allows. */
export function presentUserFor(row: UserRow, shown: ContactShown): PublicUser {
  const user = presentUser(row);
  return {
    ...user,
    email: shown.email ? user.email : null,
    phone: shown.phone ? user.phone : null,
    phoneNumber: shown.phone ? user.phone : null,
  };
}
