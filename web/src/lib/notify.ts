import { notifications } from '@mantine/notifications';

/** Toasts: position and auto-close (5 s) are set once on <Notifications> in the app shell. */
export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'green' });
}

export function notifyError(message: string, id?: string): void {
  notifications.show({ message, color: 'red', id });
}
