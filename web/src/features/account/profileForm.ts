import { msg } from '../../i18n/messages';
import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES, splitFullName, type User } from '@exam/shared';

export interface ProfileValues {
  fullName: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  address: string;
  bio: string;
}

export const valuesOf = (user: User): ProfileValues => ({
  fullName: `${user.firstName} ${user.lastName}`.trim(),
  email: user.email,
  phone: user.phone ?? '',
  dateOfBirth: user.dateOfBirth ?? '',
  address: user.address ?? '',
  bio: user.bio ?? '',
});

/** The documented first checks of an avatar, before any upload (the server judges the content again). */
export function avatarProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (file.size > AVATAR_MAX_BYTES) return msg('profile.avatarTooLarge');
  if (!(AVATAR_MIME_TYPES as readonly string[]).includes(file.type)) return msg('profile.avatarInvalidType');
  return null;
}

/**
 * The multipart body of PUT /users/profile: the full name split at the first space, and empty
 * fields not sent. Returns the problem text instead when the form is incomplete.
 */
export function profileForm(values: ProfileValues, avatar: File | null): FormData | string {
  const { firstName, lastName } = splitFullName(values.fullName);
  if (!firstName || !values.email.trim()) return msg('profile.fullNameRequired');
  const form = new FormData();
  const put = (key: string, value: string) => {
    if (value.trim()) form.append(key, value.trim());
  };
  put('firstName', firstName);
  put('lastName', lastName);
  put('phone', values.phone);
  put('dateOfBirth', values.dateOfBirth);
  put('address', values.address);
  put('bio', values.bio);
  if (avatar) form.append('avatar', avatar);
  return form;
}
