import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's PasswordInput names its reveal button "Toggle password visibility", which would make
 * getByLabel('Password') match two elements. The button is renamed so the label stays unique.
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      autoComplete="current-password"
      {...props}
      visibilityToggleButtonProps={{ 'aria-label': t('components.showHidePassword') }}
    />
  );
}
