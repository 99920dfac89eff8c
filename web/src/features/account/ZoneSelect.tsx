import { SETTING_CHOICES } from '@exam/shared';
import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { zoneChoiceLabel } from '../../lib/format';
import { timeZoneOptions } from '../../lib/zonedTime';

interface ZoneSelectProps extends Omit<SelectProps, 'data' | 'onChange' | 'value'> {
  value: string;
  onChange: (zone: string) => void;
  /** The four short names a user's settings offered first (UTC, EST, PST, GMT), listed above the IANA zones. */
  withFirstNames?: boolean;
}

/**
 * A searchable list of every IANA zone the browser knows (Intl.supportedValuesOf), found by
 * typing a city or region. A user's stored short name (EST…) stays readable in its own group.
 */
export function ZoneSelect({ value, onChange, withFirstNames = false, ...props }: ZoneSelectProps) {
  const { t, i18n } = useTranslation('account');
  const data = useMemo(() => {
    const first: readonly string[] = withFirstNames ? SETTING_CHOICES.timezone : [];
    const zones = timeZoneOptions([value]).filter((z) => !first.includes(z));
    const all = { group: t('settings.timezone.allZones'), items: zones.map((z) => ({ value: z, label: zoneChoiceLabel(z) })) };
    if (!first.length) return [all];
    return [{ group: t('settings.timezone.firstNames'), items: first.map((v) => ({ value: v, label: t(`settings.timezone.options.${v}`) })) }, all];
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the labels follow the language
  }, [value, withFirstNames, i18n.language]);

  return (
    <Select
      searchable
      allowDeselect={false}
      placeholder={t('settings.timezone.search')}
      nothingFoundMessage={t('settings.timezone.nothingFound')}
      maxDropdownHeight={320}
      {...props}
      data={data}
      value={value}
      onChange={(zone) => zone && onChange(zone)}
    />
  );
}
