import { NOTIFICATION_EVENT, type Notification } from '@exam/shared';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useEffect, useEffectEvent } from 'react';
import { useSettings } from '../account/useSettings';
import { livePopUp } from './livePopUp';
import { createSocket, keepConnected } from '../../api/socket';
import { parentKeys } from '../parent/api';
import { notificationKeys } from './api';

/**
 * One socket per signed-in tab for notifications pushed to `user:<id>`: each one refreshes the
 * notification queries (the list, the widget, the header count) without a reload. Reconnecting
 * refreshes too, since anything pushed while away was missed. The exam screen keeps its own socket.
 */
export function useLiveNotifications(userId: string | null): void {
  const client = useQueryClient();
  // The user's pushNotifications setting decides whether a new one pops up; the lists update anyway.
  const popUp = useSettings().settings.notifications.pushNotifications;
  const popsUp = useEffectEvent(() => popUp);
  useEffect(() => {
    if (!userId) return;
    const socket = createSocket();
    let connectedOnce = false;
    const refresh = () => {
      void client.invalidateQueries({ queryKey: notificationKeys.all });
      // A child's result or an answered link request changes what the parent area shows.
      void client.invalidateQueries({ queryKey: parentKeys.all });
    };
    socket.on(NOTIFICATION_EVENT, (n: Notification) => {
      if (!n || typeof n !== 'object') return;
      refresh();
      // A receipt or a refund changes the payment history shown beside it.
      if (n.type === 'payment') void client.invalidateQueries({ queryKey: ['payments'] });
      const toast = livePopUp(n, popsUp());
      if (toast) notifications.show(toast);
    });
    socket.on('connect', () => {
      if (connectedOnce) refresh();
      connectedOnce = true;
    });
    // Too many windows or tabs hold connections: say so once instead of knocking for ever.
    const release = keepConnected(socket, undefined, (text) => notifications.show({ id: 'too-many-connections', color: 'orange', message: text, autoClose: false }));
    socket.connect();
    return () => {
      release();
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [userId, client]);
}
