import type { Role } from '@exam/shared';
import { ADMINS } from './people';

/**
 * The school's LMS platforms (LTI 1.3), our signing keys and Dynamic Registration links: admins
 * alone register, change, deactivate or delete a platform, rotate the keys and make a link, since
 * a platform decides who may sign in from an LMS and as whom. The tool's public values (its keyset
 * and the URLs an LMS admin pastes) are for anyone: they hold nothing secret. No platform belongs
 * to anyone, so the route gate is the whole rule.
 */
export const LTI_PLATFORM_MANAGERS: readonly Role[] = ADMINS;
