import type { Notification } from '@exam/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
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
  useEffect(() => {
    if (!userId) return;
    const socket = createSocket();
    let connectedOnce = false;
    const refresh = () => {
      void client.invalidateQueries({ queryKey: notificationKeys.all });
      // A child's result or an answered link request changes what the parent area shows.
      void client.invalidateQueries({ queryKey: parentKeys.all });
    };
    socket.on('notification', (n: Notification) => {
      if (!n || typeof n !== 'object') return;
      refresh();
      // A receipt or a refund changes the payment history shown beside it.
      if (n.type === 'payment') void client.invalidateQueries({ queryKey: ['payments'] });
    });
    socket.on('connect', () => {
      if (connectedOnce) refresh();
      connectedOnce = true;
    });
    const release = keepConnected(socket);
    socket.connect();
    return () => {
      release();
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [userId, client]);
}
