import { violationLimits, type SubmitReason, type ViolationLimits, type ViolationType } from '@exam/shared';
import { i18n } from '../../i18n';
import type { Proctoring } from './types';
import type { ViolationCounts } from './types';

const t = (key: string, values?: Record<string, unknown>): string => i18n.t(key, { ns: 'examTaking', ...values });

/**
 * The taking screen's own words, where the catalogue has none, in the reader's language. Each is read
 * when used (a getter), never when the module loads: the catalogues load after the modules.
 */
export const TAKING_MSG = {
  get saved() {
    return t('status.saved');
  },
  get saving() {
    return t('status.saving');
  },
  get connecting() {
    return t('status.connecting');
  },
  get offline() {
    return t('status.offline');
  },
  get offlineNoStorage() {
    return t('status.offlineNoStorage');
  },
  get timeExpired() {
    return t('timer.expired');
  },
  get timeExpiredDetail() {
    return t('timer.expiredDetail');
  },
  get startFailed() {
    return t('errors.startFailed');
  },
  get submitFailed() {
    return t('errors.submitFailed');
  },
  get unsentAtSubmit() {
    return t('errors.unsentAtSubmit');
  },
  get sessionOver() {
    return t('errors.sessionOver');
  },
  get attemptUnavailable() {
    return t('errors.attemptUnavailable');
  },
  get breakOffline() {
    return t('break.offline');
  },
  get breakFailed() {
    return t('break.failed');
  },
};

/** One more than the limit submits: the student may leave `limit - count` more times safely. */
function remainingText(count: number, limit: number): string {
  return t('warnings.remaining', { count: Math.max(1, limit + 1 - count) });
}

export function warningText(
  type: ViolationType,
  counts: ViolationCounts,
  proctoring: Pick<Proctoring, 'preventTabSwitching' | 'requireFullscreen' | 'tabSwitchesAllowed' | 'fullscreenExitsAllowed'>,
): string {
  const limits = violationLimits(proctoring);
  switch (type) {
    case 'tab-switch':
      return proctoring.preventTabSwitching
        ? t('warnings.tabSwitchCounted', { count: counts.tabSwitches, remaining: remainingText(counts.tabSwitches, limits.tabSwitches) })
        : t('warnings.tabSwitch');
    case 'fullscreen-exit':
      return proctoring.requireFullscreen
        ? t('warnings.fullscreenExitCounted', { count: counts.fullscreenExits, remaining: remainingText(counts.fullscreenExits, limits.fullscreenExits) })
        : t('warnings.fullscreenExit');
    case 'copy':
      return t('warnings.copy');
    case 'paste':
      return t('warnings.paste');
    case 'right-click':
      return t('warnings.rightClick');
    case 'blocked-key':
      return t('warnings.blockedKey');
    default:
      // Flags from the checks on the device only inform the proctor: no warning of its own yet.
      return '';
  }
}

export interface SubmittedText {
  title: string;
  detail: string;
}

export function submittedText(reason: SubmitReason | null, counts: ViolationCounts, limits: ViolationLimits = violationLimits()): SubmittedText {
  switch (reason) {
    case 'student':
      return { title: t('submitted.studentTitle'), detail: t('submitted.studentDetail') };
    case 'time-expired':
      return { title: t('submitted.timeExpiredTitle'), detail: t('submitted.timeExpiredDetail') };
    case 'violations': {
      const detail =
        counts.tabSwitches > limits.tabSwitches
          ? t('submitted.violationsTabSwitches', { count: counts.tabSwitches })
          : counts.fullscreenExits > limits.fullscreenExits
            ? t('submitted.violationsFullscreenExits', { count: counts.fullscreenExits })
            : t('submitted.violationsEither');
      return { title: t('submitted.violationsTitle'), detail };
    }
    case 'proctor':
      return { title: t('submitted.proctorTitle'), detail: t('submitted.proctorDetail') };
    default:
      return { title: t('submitted.otherTitle'), detail: t('submitted.otherDetail') };
  }
}

/** Which devices the exam's proctoring needs, as the catalogue names its variants. */
export type MediaKind = 'camera' | 'microphone' | 'both';
export const mediaKindOf = (needs: { video: boolean; audio: boolean }): MediaKind => (needs.video && needs.audio ? 'both' : needs.video ? 'camera' : 'microphone');

/** '4th', '4.ª', '4e', '4.': an ordinal number in the reader's language. */
export function ordinalText(n: number): string {
  const category = new Intl.PluralRules(i18n.language, { type: 'ordinal' }).select(n);
  const key = category === 'one' || category === 'two' || category === 'few' ? category : 'other';
  return t(`ordinal.${key}`, { n });
}
