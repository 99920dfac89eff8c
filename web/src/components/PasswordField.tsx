import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine's PasswordInput names its reveal button "Toggle password visibility", which would make
 * getByLabel('Password') match two elements. The button is renamed so the label stays unique.
 */
export function PasswordField(props: PasswordInputProps) {
  return (
    <PasswordInput
      autoComplete="current-password"
      {...props}
      visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the characters typed' }}
    />
  );
}
