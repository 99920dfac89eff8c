import { CloseButton, type CloseButtonProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';
import { usePhone } from './phone';
import { TOUCH_PX } from './touchTarget';

/** A notice's ×: a finger's size on a phone, Mantine's own size where a mouse is the likely pointer. */
export function DismissButton(props: CloseButtonProps & Omit<ComponentPropsWithoutRef<'button'>, keyof CloseButtonProps>) {
  const phone = usePhone();
  return <CloseButton size={phone ? TOUCH_PX : 'md'} {...props} />;
}
