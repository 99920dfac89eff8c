import { DEFAULT_PLATFORM_SETTINGS, SETTINGS_CHANGED_EVENT, SETTINGS_MSG, emailDomainAllowed, gradeOnScale, platformSettingsSchema, type PlatformSettings, type PublicPlatformSettings } from '@exam/shared';
import type { Deps } from '../deps';
import { AppError, Errors } from '../errors';

/**
 * The school's settings. Each node keeps a copy for a few seconds; saving drops the copy here and
 * tells every other node through the socket adapter (Redis when configured) to drop theirs, so a
 * change applies everywhere at once, and the short cache bounds any missed broadcast.
 */
export const SETTINGS_CACHE_MS = 5_000;

/** Stored settings, filled up with today's defaults for anything a previous version did not store. */
function parseStored(stored: unknown): PlatformSettings {
  const merged = { ...DEFAULT_PLATFORM_SETTINGS, ...(stored && typeof stored === 'object' ? stored : {}) };
  const parsed = platformSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_PLATFORM_SETTINGS;
}

/** The school's settings; without the node's cache (a caller holding only a transaction), read afresh. */
export async function getPlatformSettings(deps: Pick<Deps, 'db'> & Partial<Pick<Deps, 'settingsCache'>>): Promise<PlatformSettings> {
  const hit = deps.settingsCache?.copy;
  if (hit && Date.now() - hit.at < SETTINGS_CACHE_MS) return hit.value;
  const row = (await deps.db('platform_settings').where({ id: 1 }).first('settings')) as { settings: unknown } | undefined;
  const value = parseStored(row?.settings);
  if (deps.settingsCache) deps.settingsCache.copy = { value, at: Date.now() };
  return value;
}

/**
 * The school's grading scale as percentage → letter. Every letter the server writes (results,
 * reports, CSV, notifications) comes from here, so an admin's change shows everywhere.
 */
export async function gradeLetters(deps: Deps): Promise<(percentage: number) => string> {
  const { gradingScale } = await getPlatformSettings(deps);
  return (percentage) => gradeOnScale(gradingScale, percentage);
}

export function publicSettings(s: PlatformSettings): PublicPlatformSettings {
  return { schoolName: s.schoolName, timezone: s.timezone, language: s.language, registration: s.registration, examDefaults: s.examDefaults, gradingScale: s.gradingScale };
}

export async function savePlatformSettings(deps: Deps, settings: PlatformSettings, adminId: string): Promise<PlatformSettings> {
  await deps
    .db('platform_settings')
    .insert({ id: 1, settings: JSON.stringify(settings), updated_by: adminId, updated_at: deps.db.fn.now() })
    .onConflict('id')
    .merge();
  forgetPlatformSettings(deps);
  // Only with Redis are there other nodes to tell.
  if (deps.redis) deps.realtime.toOtherNodes(SETTINGS_CHANGED_EVENT);
  return settings;
}

export function forgetPlatformSettings(deps: Deps): void {
  deps.settingsCache.copy = undefined;
}

/**
 * Why the school's settings refuse a visitor's self-registration, or null when they allow it.
 * Admins creating accounts are not visitors and are never refused here.
 */
export function registrationRefusal(settings: PlatformSettings, input: { role: string; email: string }): AppError | null {
  const r = settings.registration;
  if (!r.open) return Errors.forbidden(SETTINGS_MSG.registrationClosed);
  if (!(r.roles as string[]).includes(input.role)) return new AppError(403, 'forbidden', SETTINGS_MSG.roleClosed, [{ field: 'role', msg: SETTINGS_MSG.roleClosed }]);
  if (!emailDomainAllowed(input.email, r.allowedDomains)) {
    const msg = `${SETTINGS_MSG.domainRefused} (${r.allowedDomains.join(', ')})`;
    return Errors.badRequest(msg, 'email');
  }
  return null;
}
