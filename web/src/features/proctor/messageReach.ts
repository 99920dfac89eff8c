import { i18n } from '../../i18n';

const t = (key: string, values?: Record<string, unknown>) => i18n.t(`proctor:board.${key}`, values);

/**
 * What a message's acknowledgement tells the proctor: how many students had it live (a socket
 * connected as it was sent) and how many only have it stored as a notification, for when they come
 * back. An acknowledgement without the counts (an older server) says only that it was sent.
 */
export function messageReach(ack: Record<string, unknown>): string {
  const { delivered, storedOnly } = ack;
  if (typeof delivered !== 'number') return t('messageSent');
  const live = t('messageLive', { count: delivered });
  return typeof storedOnly === 'number' && storedOnly > 0 ? `${live} ${t('messageStoredOnly', { count: storedOnly })}` : live;
}
