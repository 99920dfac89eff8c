import { randomBytes } from 'node:crypto';
import type { FakeLms } from './index';

/**
 * The fake LMS's side of LTI Dynamic Registration: its OpenID configuration (with a registration
 * endpoint) and that endpoint, which takes a tool's client registration with the registration
 * token it handed out as bearer, records it, and answers with the client id and deployment the
 * LMS made for the tool (its own `clientId` and `deploymentId`). A test can make it name another
 * issuer than its own address, or refuse the registration.
 */
export interface FakeLmsRegistration {
  /** What the LMS adds to the tool's link as `openid_configuration`. */
  openidConfigurationUrl: string;
  /** What it adds as `registration_token`; the endpoint refuses any other bearer. */
  registrationToken: string;
  /** Client registrations the endpoint accepted, as posted. */
  received: Record<string, unknown>[];
  /** How often the configuration was read (a link refused first must not make the tool fetch it). */
  configurationReads: number;
  /** The issuer the configuration names; the LMS's own address unless a test changes it. */
  issuer: string;
  /** Answer the next registrations with this status instead of registering. */
  refuseWith?: number;
  /** The link the LMS opens: the tool's link with the LMS's two parameters added. */
  linkFor(toolLink: string): string;
}

export function addRegistration(lms: FakeLms): FakeLmsRegistration {
  const reg: FakeLmsRegistration = {
    openidConfigurationUrl: `${lms.url}/mod/lti/openid-configuration.php`,
    registrationToken: randomBytes(16).toString('hex'),
    received: [],
    configurationReads: 0,
    issuer: lms.issuer,
    linkFor(toolLink) {
      const link = new URL(toolLink);
      link.searchParams.set('openid_configuration', reg.openidConfigurationUrl);
      link.searchParams.set('registration_token', reg.registrationToken);
      return link.toString();
    },
  };

  lms.route('GET', '/mod/lti/openid-configuration.php', () => {
    reg.configurationReads += 1;
    return {
      body: {
        issuer: reg.issuer,
        authorization_endpoint: `${lms.url}/auth`,
        token_endpoint: `${lms.url}/token`,
        jwks_uri: `${lms.url}/jwks`,
        registration_endpoint: `${lms.url}/mod/lti/openid-registration.php`,
        token_endpoint_auth_methods_supported: ['private_key_jwt'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid'],
        response_types_supported: ['id_token'],
        claims_supported: ['iss', 'sub', 'name', 'given_name', 'family_name', 'email'],
        'https://purl.imsglobal.org/spec/lti-platform-configuration': {
          product_family_code: 'moodle',
          version: '4.5',
          messages_supported: [{ type: 'LtiResourceLinkRequest' }, { type: 'LtiDeepLinkingRequest' }],
        },
      },
    };
  });

  lms.route('POST', '/mod/lti/openid-registration.php', (req) => {
    if (req.headers.authorization !== `Bearer ${reg.registrationToken}`) return { status: 401, body: { error: 'invalid registration token' } };
    if (reg.refuseWith) return { status: reg.refuseWith, body: { error: 'invalid_client_metadata' } };
    const registration = JSON.parse(req.text) as Record<string, unknown>;
    reg.received.push(registration);
    return {
      body: {
        ...registration,
        client_id: lms.clientId,
        'https://purl.imsglobal.org/spec/lti-tool-configuration': {
          ...(registration['https://purl.imsglobal.org/spec/lti-tool-configuration'] as object),
          deployment_id: lms.deploymentId,
        },
      },
    };
  });
  return reg;
}
