import type { AccommodationView } from '@exam/shared';
import { i18n } from '../../i18n';
import { formatNumber } from '../../i18n/format';

const t = (key: string, values?: Record<string, unknown>) => i18n.t(`accommodations:${key}`, values);

/** '1.5' in English, '1,5' in French: the multiplier as the reader writes numbers. */
export const multiplierText = (multiplier: number) => formatNumber(multiplier);

/** The proctoring feature's own names of the checks (its catalogue), so both screens say the same. */
export const checkName = (check: string) => i18n.t(`proctor:checks.${check}`);

/** What applies, one short phrase each, in the order a proctor needs them: time first. */
export function accommodationParts(a: AccommodationView): string[] {
  const parts: string[] = [];
  if (a.timeMultiplier !== 1) parts.push(t('summary.extraTime', { multiplier: multiplierText(a.timeMultiplier) }));
  if (a.restBreakMinutes > 0) {
    const breaks = t('summary.restBreaks', { minutes: a.restBreakMinutes });
    parts.push(a.breaksAutomatic ? `${breaks} (${t('summary.breaksAutomatic')})` : breaks);
  }
  if (a.waivedChecks.length) parts.push(t('summary.waived', { checks: a.waivedChecks.map(checkName).join(', ') }));
  if (a.reducedDistraction) parts.push(t('summary.reducedDistraction'));
  if (a.largerText) parts.push(t('summary.largerText'));
  return parts;
}

export const accommodationSummary = (a: AccommodationView) => accommodationParts(a).join(' · ') || t('summary.nothing');

/** A badge's word: the extra time when there is some (what a proctor must know first), else the general one. */
export const badgeText = (a: AccommodationView | null | undefined) => (a && a.timeMultiplier !== 1 ? t('badge.time', { multiplier: multiplierText(a.timeMultiplier) }) : t('badge.general'));

/** The tooltip's list: what applies, comma-separated. */
export const accommodationDetails = (a: AccommodationView) => accommodationParts(a).join(', ') || t('summary.nothing');

/** The accessible name of a badge with its details: the same words as its tooltip. */
export const badgeLabel = (details: string) => t('badge.label', { list: details });

/** Whether there is anything to mark a student for (a record of all defaults gives nothing). */
export const givesAnything = (a: AccommodationView | null | undefined): a is AccommodationView => !!a && accommodationParts(a).length > 0;
