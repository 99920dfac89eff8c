import { LTI_MSG, ltiPlatformSchema, ltiRegistrationLinkSchema, ltiToolConfigSchema } from '@exam/shared';
import { z } from 'zod';
import type { RouteDocs } from '../../openapi/types';

const platformData = z.object({ platform: ltiPlatformSchema });

export const ltiPlatformDocs: RouteDocs = {
  'GET /lti/platforms': {
    summary: 'The school’s LMS platforms (LTI 1.3), by name',
    description: 'Admins only. `registeredBy` says whether an admin entered it or LTI Dynamic Registration stored it; a dynamically registered platform may have no deployment yet.',
    data: z.object({ platforms: z.array(ltiPlatformSchema) }),
  },
  'POST /lti/platforms': {
    summary: 'Register an LMS platform by hand: its issuer, client id, deployment ids and its authorisation, token and keyset URLs',
    description: 'A platform is its issuer and client id together (Canvas Cloud uses one issuer for every school): a pair already registered is refused with 409.',
    data: platformData,
    status: 201,
    errors: { 409: LTI_MSG.platformExists },
  },
  'PUT /lti/platforms/:id': {
    summary: 'Change a platform; `active: false` deactivates it (its launches are refused, its links and people kept)',
    data: platformData,
    errors: { 404: LTI_MSG.platformNotFound, 409: LTI_MSG.platformExists },
  },
  'DELETE /lti/platforms/:id': {
    summary: 'Delete a platform with what hangs on it: its people’s LMS identities, its exam links and their grade posts',
    errors: { 404: LTI_MSG.platformNotFound },
  },
  'GET /lti/jwks': {
    summary: 'The tool’s public keys (a JWK Set, no envelope): the signing key and those rotated out within the last week',
    description: 'Public, cacheable for 5 minutes. Platforms check our deep-linking answers and service-token assertions against it.',
  },
  'POST /lti/keys/rotate': {
    summary: 'Sign with a new key from now on; the previous one stays published for a week, so launches and grade posts under way keep working',
    data: z.object({ kid: z.string() }),
  },
  'GET /lti/config': {
    summary: 'What an LMS’s admin pastes to add the tool: title, launch (target link), login, redirect, keyset, deep-linking and Dynamic Registration URLs, and the scopes',
    description: 'Public.',
    data: z.object({ config: ltiToolConfigSchema }),
  },
  'GET /lti/canvas.json': {
    summary: 'The same values as Canvas’s JSON developer-key configuration (Developer Keys › LTI Key › Enter URL), no envelope',
    description: 'Public. Placements Link Selection and Assignment Selection, both deep linking; privacy "public" (name and e-mail).',
  },
  'POST /lti/registration-links': {
    summary: 'A one-time LTI Dynamic Registration link, valid for an hour, to paste into the LMS',
    data: z.object({ link: ltiRegistrationLinkSchema }),
    status: 201,
  },
  'GET /lti/register': {
    summary: 'LTI Dynamic Registration: the LMS opens our one-time link; we read its OpenID configuration, register with it and store the platform',
    description:
      'Opened by the LMS in its frame or pop-up, with `openid_configuration` and `registration_token` added to our link. The configuration must be served under its issuer. Answers an HTML page; when registered, it posts `{subject: "org.imsglobal.lti.close"}` to the LMS. Nothing is fetched or stored without a valid, unused link.',
    query: z.object({ token: z.string(), openid_configuration: z.string(), registration_token: z.string().optional() }),
    produces: 'text/html',
    errors: { 400: LTI_MSG.registrationLinkInvalid, 502: LTI_MSG.registrationRefused },
  },
};
