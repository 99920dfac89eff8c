import { describe, expect, it } from 'vitest';
import { PROFILE_MSG } from '@exam/shared';
import { avatarProblem, profileForm } from './profileForm';

const base = { fullName: 'Mary Ann Lee', email: 'mary@example.com', phone: '', dateOfBirth: '2010-04-05', address: '  ', bio: 'Hi' };

describe('the profile form', () => {
  it('splits the full name at the first space and leaves empty fields out', () => {
    const form = profileForm(base, null) as FormData;
    expect(Object.fromEntries(form.entries())).toEqual({ firstName: 'Mary', lastName: 'Ann Lee', dateOfBirth: '2010-04-05', bio: 'Hi' });
  });

  it('requires a full name and an e-mail', () => {
    expect(profileForm({ ...base, fullName: '  ' }, null)).toBe(PROFILE_MSG.fullNameRequired);
    expect(profileForm({ ...base, email: '' }, null)).toBe(PROFILE_MSG.fullNameRequired);
  });

  it('checks an avatar’s size and type before uploading', () => {
    expect(avatarProblem({ size: 6 * 1024 * 1024, type: 'image/png' })).toBe(PROFILE_MSG.avatarTooLarge);
    expect(avatarProblem({ size: 1000, type: 'image/webp' })).toBe(PROFILE_MSG.avatarInvalidType);
    expect(avatarProblem({ size: 1000, type: 'image/gif' })).toBeNull();
  });
});
