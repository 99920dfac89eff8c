import type { RouteDocs } from '../../openapi/types';

export const platformSettingsDocs: RouteDocs = {
  'GET /platform-settings': { summary: 'What the web app needs to know about the school: its name, whether and how visitors may register, exam defaults, the grading scale', data: '`{ settings }`' },
  'GET /platform-settings/admin': { summary: 'Every platform setting, and how mail is sent', data: '`{ settings, mail }`' },
  'PUT /platform-settings': { summary: 'Change the school’s settings; every node applies them within seconds, without a restart', data: '`{ settings }`' },
  'POST /platform-settings/test-email': { summary: 'Send a test e-mail to the admin and report what the mail server said', data: '`{ ok, detail }`' },
};
