import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initialsOf, PersonAvatar, PersonLabel } from './PersonAvatar';

const wrap = (ui: React.ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);

describe('PersonAvatar', () => {
  it('shows the uploaded picture when the person has one', () => {
    const { container } = wrap(<PersonAvatar person={{ firstName: 'Ada', lastName: 'Lee', avatar: '/uploads/avatars/abc.webp' }} />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/uploads/avatars/abc.webp');
  });

  it('falls back to the initials when there is no picture', () => {
    const { container, getByTestId } = wrap(<PersonAvatar person={{ name: 'Ada Mary Lee', avatar: null }} data-testid="avatar" />);
    expect(container.querySelector('img')).toBeNull();
    expect(getByTestId('avatar').textContent).toBe('AL');
  });

  it('takes initials from first and last name, or from a full name', () => {
    expect(initialsOf({ firstName: 'ada', lastName: 'lee' })).toBe('AL');
    expect(initialsOf({ name: '  Cher ' })).toBe('C');
    expect(initialsOf({ name: 'Bo Lee' })).toBe('BL');
  });
});

describe('PersonLabel', () => {
  it('writes the name with the e-mail under it, and no empty line when the e-mail is kept private', () => {
    const shown = wrap(<PersonLabel person={{ name: 'Ada Lee', avatar: null }} detail="ada@school.test" />);
    expect(shown.getByText('Ada Lee').parentElement!.textContent).toBe('Ada Leeada@school.test');
    expect(shown.getByTestId('person-avatar').textContent).toBe('AL');
    shown.unmount();
    const hidden = wrap(<PersonLabel person={{ name: 'Ada Lee', avatar: null }} detail={null} />);
    expect(hidden.getByText('Ada Lee').parentElement!.textContent).toBe('Ada Lee');
  });
});
