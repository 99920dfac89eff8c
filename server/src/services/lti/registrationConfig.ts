import { LTI_SCOPES, type LtiToolConfig } from '@exam/shared';
import type { Deps } from '../../deps';
import { getPlatformSettings } from '../platformSettings';

/**
 * What the tool tells an LMS about itself, in each form an LMS takes it: the values its admin
 * pastes by hand (GET /api/lti/config), Canvas's JSON developer-key configuration, and the client
 * registration of LTI Dynamic Registration. All three come from the one set of URLs below, under
 * the school's public address, so they can never disagree.
 */

/** Where an LMS reaches the tool. The launch URL is also the deep-linking and redirect URL: one entry point. */
export function toolUrls(publicUrl: string) {
  const api = `${publicUrl}/api/lti`;
  return { launch: `${api}/launch`, login: `${api}/login`, jwks: `${api}/jwks`, register: `${api}/register`, canvas: `${api}/canvas.json` };
}

const SCOPES = Object.values(LTI_SCOPES);

export async function toolConfiguration(deps: Deps): Promise<LtiToolConfig> {
  const urls = toolUrls(deps.config.publicUrl);
  return {
    title: (await getPlatformSettings(deps)).schoolName,
    targetLinkUri: urls.launch,
    loginUrl: urls.login,
    redirectUrls: [urls.launch],
    keysetUrl: urls.jwks,
    deepLinkingUrl: urls.launch,
    dynamicRegistrationUrl: urls.register,
    canvasConfigUrl: urls.canvas,
    scopes: SCOPES,
  };
}

/** The claims the tool reads from an id token: who the person is, by name and e-mail. */
const CLAIMS = ['iss', 'sub', 'name', 'given_name', 'family_name', 'email'];
export const LTI_TOOL_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-tool-configuration';

/**
 * The client registration posted to a platform's registration endpoint (1EdTech LTI Dynamic
 * Registration 1.0): an id-token (implicit) launch, a client-credentials service token signed with
 * our keys (private_key_jwt, keys at jwks_uri), the Advantage scopes, and two messages: a launch
 * and a teacher's pick of an exam (deep linking).
 */
export function clientRegistration(config: LtiToolConfig) {
  const message = (type: string) => ({ type, target_link_uri: config.deepLinkingUrl, label: config.title });
  return {
    application_type: 'web',
    response_types: ['id_token'],
    grant_types: ['implicit', 'client_credentials'],
    initiate_login_uri: config.loginUrl,
    redirect_uris: config.redirectUrls,
    client_name: config.title,
    jwks_uri: config.keysetUrl,
    token_endpoint_auth_method: 'private_key_jwt',
    scope: config.scopes.join(' '),
    [LTI_TOOL_CONFIGURATION]: {
      domain: new URL(config.targetLinkUri).host,
      target_link_uri: config.targetLinkUri,
      claims: CLAIMS,
      messages: [message('LtiResourceLinkRequest'), message('LtiDeepLinkingRequest')],
    },
  };
}

/**
 * Canvas's JSON developer-key configuration ("Enter URL" or "Paste JSON"): the same URLs, the
 * placements where a teacher adds an exam (Link Selection, Assignment Selection, both deep
 * linking), and "public" privacy so the launch carries the person's name and e-mail.
 */
export function canvasConfiguration(config: LtiToolConfig) {
  const placement = (name: string) => ({ placement: name, message_type: 'LtiDeepLinkingRequest', target_link_uri: config.deepLinkingUrl, text: config.title });
  return {
    title: config.title,
    description: config.title,
    oidc_initiation_url: config.loginUrl,
    target_link_uri: config.targetLinkUri,
    public_jwk_url: config.keysetUrl,
    scopes: config.scopes,
    extensions: [
      {
        domain: new URL(config.targetLinkUri).host,
        platform: 'canvas.instructure.com',
        privacy_level: 'public',
        settings: { text: config.title, placements: [placement('link_selection'), placement('assignment_selection')] },
      },
    ],
  };
}
