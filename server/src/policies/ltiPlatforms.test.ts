import { ROLES } from '@exam/shared';
import { describe, expect, it } from 'vitest';
import { LTI_PLATFORM_MANAGERS } from './ltiPlatforms';

describe('who manages the school’s LMS platforms and the tool’s keys', () => {
  it('admins alone', () => {
    expect(ROLES.filter((role) => LTI_PLATFORM_MANAGERS.includes(role))).toEqual(['admin']);
  });
});
