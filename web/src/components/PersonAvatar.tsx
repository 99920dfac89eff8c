import { Avatar, Group, Text, type AvatarProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** What an avatar needs of a person: their uploaded picture, if any, and a name for the initials. */
export interface AvatarPerson {
  avatar?: string | null;
  firstName?: string;
  lastName?: string;
  /** Used when first and last names are not given apart ('Ada Lee'). */
  name?: string;
}

/** 'AL' for Ada Lee; one letter for a one-word name. */
export function initialsOf(person: AvatarPerson): string {
  const words = person.firstName !== undefined ? [person.firstName, person.lastName ?? ''] : (person.name ?? '').trim().split(/\s+/);
  const first = words[0] ?? '';
  const last = words.length > 1 ? words.at(-1)! : '';
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
}

type Props = Omit<AvatarProps, 'src' | 'children'> & {
  person: AvatarPerson;
  /** Another picture to show instead (the profile's preview of a file not yet saved). */
  src?: string | null;
  'data-testid'?: string;
  'aria-hidden'?: boolean;
};

/**
 * A person's avatar wherever a person is shown (header, profile, proctor board, students list,
 * parents' child cards, results tables): the picture they uploaded, or their initials when they
 * have none. Decorative by default (empty alt): the name is always written beside it.
 */
export function PersonAvatar({ person, src, alt = '', radius = 'xl', color = 'indigo', ...props }: Props) {
  return (
    <Avatar src={src ?? person.avatar ?? null} alt={alt} radius={radius} color={color} {...props}>
      {initialsOf(person)}
    </Avatar>
  );
}

/**
 * A person as lists show them: avatar, name, and under it a second line (their e-mail address, left
 * out when they keep it private and the server sent none).
 */
export function PersonLabel({ person, detail, size = 36 }: { person: AvatarPerson & { name: string }; detail?: ReactNode; size?: number }) {
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <PersonAvatar person={person} size={size} aria-hidden data-testid="person-avatar" />
      <div style={{ minWidth: 0 }}>
        <Text fw={600} size="sm" truncate="end">
          {person.name}
        </Text>
        {detail !== null && detail !== undefined && detail !== '' && (
          <Text size="xs" c="dimmed" truncate="end">
            {detail}
          </Text>
        )}
      </div>
    </Group>
  );
}
