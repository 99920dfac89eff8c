import { CONTACT_MSG, MSG } from '@exam/shared';
import type { RouteDocs } from '../../openapi/types';

export const contactDocs: RouteDocs = {
  'POST /contact': {
    summary: 'Send a message to the school: stored, and the admins are told live and by e-mail',
    description: 'Rate limited per address. The hidden `website` field is a honeypot: when filled, nothing is stored or sent.',
    status: 201,
    errors: { 429: MSG.tooManyRequests },
    data: CONTACT_MSG.sent,
  },
};
