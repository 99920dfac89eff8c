import { DASHBOARD_CHANGED_EVENT, NOTIFICATION_EVENT } from '@exam/shared';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { createSocket, keepConnected } from '../../api/socket';
import { dashboardKeys } from './api';

/**
 * Keeps an open dashboard true without polling: the server pushes `dashboard:changed` (and
 * `notification`) to the user's room after a commit that changes what they see, and the page
 * re-reads its dashboard call. A reconnect re-reads too, since events sent meanwhile were missed.
 */
export function useLiveDashboard(userId: string | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const socket = createSocket();
    let connectedOnce = false;
    const refresh = () => void client.invalidateQueries({ queryKey: dashboardKeys.all });
    socket.on(DASHBOARD_CHANGED_EVENT, refresh);
    socket.on(NOTIFICATION_EVENT, refresh);
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
