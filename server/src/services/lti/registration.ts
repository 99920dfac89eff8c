import { LTI_MSG, type LtiPlatform, type LtiRegistrationLink } from '@exam/shared';
import { z } from 'zod';
import { hashOpaqueToken, newOpaqueToken } from '../../auth/opaqueTokens';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { createPlatform } from './platformAdmin';
import { LTI_TOOL_CONFIGURATION, clientRegistration, toolConfiguration, toolUrls } from './registrationConfig';

/**
 * LTI Dynamic Registration (1EdTech LTI Dynamic Registration 1.0), from the tool's side. An admin
 * makes a one-time link (an hour long) and pastes it into the LMS; the LMS opens it with the URL of
 * its OpenID configuration and a registration token. We read that configuration, post our client
 * registration to its registration endpoint, and store the platform the answer describes.
 *
 * The link is what makes this safe: without it anyone could make us register with any LMS, or make
 * the server fetch any address. So it is checked before anything else happens, and nothing is
 * fetched or stored without it. It is held while the exchange runs (two tabs cannot both use it)
 * and given back when the exchange fails, so the admin can retry from the LMS with the same link.
 */
export const REGISTRATION_LINK_TTL_MS = 60 * 60_000;
/** An LMS that does not answer within this is treated as not answering. */
const PLATFORM_TIMEOUT_MS = 10_000;

export async function createRegistrationLink(deps: Deps, adminId: string): Promise<LtiRegistrationLink> {
  const { token, hash } = newOpaqueToken();
  const expiresAt = new Date(Date.now() + REGISTRATION_LINK_TTL_MS);
  await deps.db('lti_registration_links').insert({ token_hash: hash, created_by: adminId, expires_at: expiresAt });
  const url = new URL(toolUrls(deps.config.publicUrl).register);
  url.searchParams.set('token', token);
  return { url: url.toString(), expiresAt: expiresAt.toISOString() };
}

const url = z.url({ protocol: /^https?$/ });

/** The part of a platform's OpenID configuration the tool needs. */
const openIdConfigurationSchema = z.object({
  issuer: url,
  authorization_endpoint: url,
  token_endpoint: url,
  jwks_uri: url,
  registration_endpoint: url,
  // The audience of our client assertion when it is not the token endpoint (optional in the spec).
  authorization_server: z.string().optional(),
  'https://purl.imsglobal.org/spec/lti-platform-configuration': z.object({ product_family_code: z.string().optional() }).optional(),
});
type OpenIdConfiguration = z.infer<typeof openIdConfigurationSchema>;

/** The platform's answer: our client id and, when it made one, the deployment. */
const registrationAnswerSchema = z.object({
  client_id: z.union([z.string().min(1), z.number()]).transform(String),
  [LTI_TOOL_CONFIGURATION]: z
    .object({
      deployment_id: z
        .union([z.string().min(1), z.number()])
        .transform(String)
        .optional(),
    })
    .optional(),
});

const badGateway = (message: string) => new AppError(502, 'lti-registration', message);
const badRequest = (message: string) => new AppError(400, 'lti-registration', message);

/**
 * The spec asks that the configuration come from under its issuer: the configuration URL begins
 * with the issuer, at a path boundary (https://lms.example/moodle is not https://lms.example/moodle2).
 */
export function servedUnderIssuer(configurationUrl: string, issuer: string): boolean {
  const served = new URL(configurationUrl);
  const iss = new URL(issuer);
  const prefix = iss.pathname.endsWith('/') ? iss.pathname : `${iss.pathname}/`;
  return served.origin === iss.origin && `${served.pathname}/`.startsWith(prefix);
}

async function readOpenIdConfiguration(deps: Deps, configurationUrl: string): Promise<OpenIdConfiguration> {
  let configuration: OpenIdConfiguration;
  try {
    const res = await fetch(configurationUrl, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    configuration = openIdConfigurationSchema.parse(await res.json());
  } catch (err) {
    deps.log.warn({ err, configurationUrl }, 'lti registration: openid configuration unreadable');
    throw badGateway(LTI_MSG.registrationConfigUnreadable);
  }
  if (!servedUnderIssuer(configurationUrl, configuration.issuer)) throw badRequest(LTI_MSG.registrationIssuerMismatch);
  return configuration;
}

async function postRegistration(deps: Deps, configuration: OpenIdConfiguration, registrationToken: string | undefined) {
  const body = clientRegistration(await toolConfiguration(deps));
  let res: Response;
  try {
    res = await fetch(configuration.registration_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(registrationToken ? { authorization: `Bearer ${registrationToken}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS),
    });
  } catch (err) {
    deps.log.warn({ err, endpoint: configuration.registration_endpoint }, 'lti registration: registration endpoint unreachable');
    throw badGateway(LTI_MSG.registrationRefused);
  }
  const text = await res.text();
  const answer = res.ok ? registrationAnswerSchema.safeParse(safeJson(text)) : undefined;
  if (!answer?.success) {
    // What the LMS said is for the person setting it up: it is in the log, not in the LMS's frame.
    deps.log.warn({ status: res.status, answer: text.slice(0, 1000), endpoint: configuration.registration_endpoint }, 'lti registration: refused');
    throw badGateway(LTI_MSG.registrationRefused);
  }
  return answer.data;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `https://lms.school.example` → "moodle (lms.school.example)": the list tells two LMSs apart by it. */
function platformName(configuration: OpenIdConfiguration): string {
  const family = configuration['https://purl.imsglobal.org/spec/lti-platform-configuration']?.product_family_code || 'LMS';
  return `${family} (${new URL(configuration.issuer).host})`.slice(0, 200);
}

export interface RegistrationRequest {
  /** Our one-time link's token. */
  token: string | undefined;
  /** Where the platform's OpenID configuration is. */
  openidConfiguration: string | undefined;
  /** The platform's bearer token for its registration endpoint, when it gave one. */
  registrationToken: string | undefined;
}

/** The whole exchange; the stored platform when it worked, else a 4xx (our side) or 502 (the LMS's side). */
export async function registerWithPlatform(deps: Deps, req: RegistrationRequest): Promise<LtiPlatform> {
  const { db } = deps;
  const hash = hashOpaqueToken(req.token ?? '');
  const held = req.token ? await db('lti_registration_links').where({ token_hash: hash }).whereNull('used_at').where('expires_at', '>', db.fn.now()).update({ used_at: db.fn.now() }) : 0;
  if (!held) throw badRequest(LTI_MSG.registrationLinkInvalid);
  try {
    if (!req.openidConfiguration || !URL.canParse(req.openidConfiguration) || !/^https?:$/.test(new URL(req.openidConfiguration).protocol)) {
      throw badRequest(LTI_MSG.registrationConfigMissing);
    }
    const configuration = await readOpenIdConfiguration(deps, req.openidConfiguration);
    const answer = await postRegistration(deps, configuration, req.registrationToken);
    const deploymentId = answer[LTI_TOOL_CONFIGURATION]?.deployment_id;
    const audience = configuration.authorization_server;
    const platform = await createPlatform(
      db,
      {
        name: platformName(configuration),
        issuer: configuration.issuer,
        clientId: answer.client_id,
        deploymentIds: deploymentId ? [deploymentId] : [],
        authLoginUrl: configuration.authorization_endpoint,
        authTokenUrl: configuration.token_endpoint,
        // Our platform form takes a URL here; a platform naming its audience otherwise gets the token URL.
        authTokenAudience: audience && url.safeParse(audience).success ? audience : null,
        keysetUrl: configuration.jwks_uri,
        active: true,
      },
      'dynamic',
    );
    await db('lti_registration_links').where({ token_hash: hash }).update({ platform_id: platform.id });
    return platform;
  } catch (err) {
    await db('lti_registration_links').where({ token_hash: hash }).update({ used_at: null });
    throw err;
  }
}
