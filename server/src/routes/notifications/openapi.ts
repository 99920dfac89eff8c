import type { RouteDocs } from '../../openapi/types';

export const notificationDocs: RouteDocs = {
  'GET /notifications': { summary: 'The caller’s notifications, newest first', data: '`{ notifications, total, unreadCount, currentPage, totalPages }`' },
  'PUT /notifications/read-all': { summary: 'Mark every notification read', data: '`{ updated }`' },
  'PUT /notifications/:id/read': { summary: 'Mark one notification read', data: '`{ notification }`' },
  'DELETE /notifications/bulk': { summary: 'Delete the listed notifications (`notificationIds`)', data: '`{ deleted }`' },
  'DELETE /notifications/:id': { summary: 'Delete one notification' },
};
