import type { LtiPlatform, LtiPlatformInput, LtiRegistrationLink, LtiToolConfig } from '@exam/shared';
import { http } from '../../../api/http';

/** The /lti calls of the admin page: platforms, the tool's values, registration links and keys. */
export const ltiApi = {
  platforms: async () => (await http.get<{ platforms: LtiPlatform[] }>('/lti/platforms')).data.platforms,
  config: async () => (await http.get<{ config: LtiToolConfig }>('/lti/config')).data.config,
  create: (body: LtiPlatformInput) => http.post<{ platform: LtiPlatform }>('/lti/platforms', body),
  update: (id: string, body: LtiPlatformInput) => http.put<{ platform: LtiPlatform }>(`/lti/platforms/${id}`, body),
  remove: (id: string) => http.delete<undefined>(`/lti/platforms/${id}`),
  registrationLink: async () => (await http.post<{ link: LtiRegistrationLink }>('/lti/registration-links')).data.link,
  rotateKeys: () => http.post<{ kid: string }>('/lti/keys/rotate'),
};
