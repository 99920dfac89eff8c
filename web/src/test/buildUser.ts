import type { User } from '@exam/shared';

/** A complete user as the API presents it, with the fields a test cares about overridden. */
export function buildUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u1',
    firstName: 'Asha',
    lastName: 'Rao',
    name: 'Asha Rao',
    email: 'asha@example.com',
    role: 'student',
    avatar: null,
    phone: null,
    dateOfBirth: null,
    address: null,
    isVerified: true,
    isActive: true,
    studentId: null,
    grade: 10,
    section: 'A',
    subject: null,
    qualification: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    lastLogin: null,
    ...overrides,
  };
}
