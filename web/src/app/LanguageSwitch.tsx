import { LANGUAGE_NAMES, LANGUAGES, isLanguage } from '@exam/shared';
import { Select } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../i18n';

const OPTIONS = LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }));

/**
 * A visitor's language choice: it applies at once, without a reload, and is kept on this device.
 * Each language is named in itself, so anyone can find their own.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={t('footer.language')}
      data={OPTIONS}
      value={currentLanguage()}
      onChange={(value) => isLanguage(value) && void changeLanguage(value, { remember: true })}
      allowDeselect={false}
      leftSection={<IconLanguage size={16} aria-hidden />}
      size="xs"
      w={160}
      // At the foot of the page floating-ui may judge the field clipped, and Mantine would then hide
      // the open list with display: none: a visitor (and a browser test) saw it open and vanish.
      comboboxProps={{ withinPortal: true, hideDetached: false }}
      data-testid="language-switch"
    />
  );
}
