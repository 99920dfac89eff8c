import type { RouteDocs } from '../../openapi/types';

export const notificationDocs: RouteDocs = {
  'GET /notifications': {
    summary: 'The caller’s notifications, newest first',
    description: 'Each `message` is ready to show: in the reader’s language, its times (an exam’s start) written out in the reader’s date and time settings. The instants stay in `metadata` (ISO) for clients that write them their own way.',
    data: '`{ notifications, total, unreadCount, currentPage, totalPages }`',
  },
  'PUT /notifications/read-all': { summary: 'Mark every notification read', data: '`{ updated }`' },
  'PUT /notifications/:id/read': { summary: 'Mark one notification read', data: '`{ notification }`' },
  'DELETE /notifications/bulk': { summary: 'Delete the listed notifications (`notificationIds`)', data: '`{ deleted }`' },
  'DELETE /notifications/:id': { summary: 'Delete one notification' },
};
