import type { RouteDocs } from '../../openapi/types';

export const demoDocs: RouteDocs = {
  'GET /demo/accounts': { summary: 'The demo sign-ins, when the demo accounts exist (for one-click sign-in on /demo)', data: '`{ accounts }`' },
};
