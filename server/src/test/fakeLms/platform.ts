import { randomUUID } from 'node:crypto';
import type { JWTPayload } from 'jose';
import { platformUrls, type FakeLms, type FakeRequest } from './index';

/**
 * The fake LMS's launch side, as a course in it shows the tool: the OIDC authorisation endpoint
 * (/auth), which answers the tool's authentication request with an auto-posting form carrying the
 * id token the test prepared for that launch (keyed by `lti_message_hint`); the deep-linking
 * return endpoint, which checks the tool's signed answer against the tool's published keys and
 * records the items; and a course page with an iframe launching the tool (/course?hint=…).
 */

/** The tool's OIDC authentication request, as /auth received it. */
export type AuthRequest = URLSearchParams;

/** Makes the id token /auth posts back (signed by the LMS's key unless the test signs otherwise). */
export type TokenMaker = (auth: AuthRequest) => Promise<string> | string;

export interface DeepLinkReturn {
  payload: JWTPayload;
  items: Record<string, unknown>[];
}

export interface FakePlatform {
  /** What /auth answers for launches with this message hint. */
  prepare(hint: string, token: TokenMaker): void;
  /** A launch signed by the LMS's key: the claims a real launch carries (`iss`, `aud`, `nonce` as asked), `over` on top. */
  signed(over?: JWTPayload | ((auth: AuthRequest) => JWTPayload), sign?: Parameters<FakeLms['sign']>[1]): TokenMaker;
  /** Every authentication request /auth received, oldest first. */
  authRequests: AuthRequest[];
  /** Every deep-linking answer the tool posted back that verified. */
  deepLinkReturns: DeepLinkReturn[];
  /** Where deep-linking answers go (`deep_link_return_url`). */
  returnUrl: string;
  /** The tool's login URL with this LMS's parameters, as the course page's iframe opens it. */
  loginUrl(hint: string, loginHint?: string): string;
}

const LTI = 'https://purl.imsglobal.org/spec/lti/claim';
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The claims of a student's launch of a resource link (the test adds `custom`, roles, and so on). */
export function resourceLinkClaims(lms: FakeLms, over: { sub?: string; roles?: string[]; resourceLinkId?: string; examId?: string; name?: string; email?: string } = {}): JWTPayload {
  return {
    sub: over.sub ?? `user-${randomUUID()}`,
    name: over.name ?? 'Ada Lovelace',
    given_name: (over.name ?? 'Ada Lovelace').split(' ')[0],
    family_name: (over.name ?? 'Ada Lovelace').split(' ').slice(1).join(' '),
    ...(over.email ? { email: over.email } : {}),
    [`${LTI}/message_type`]: 'LtiResourceLinkRequest',
    [`${LTI}/version`]: '1.3.0',
    [`${LTI}/deployment_id`]: lms.deploymentId,
    [`${LTI}/resource_link`]: { id: over.resourceLinkId ?? `link-${randomUUID()}`, title: 'Physics quiz' },
    [`${LTI}/roles`]: over.roles ?? ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
    [`${LTI}/context`]: { id: 'course-1', label: 'PHY', title: 'Physics 10B' },
    ...(over.examId ? { [`${LTI}/custom`]: { exam_id: over.examId } } : {}),
  };
}

/** The claims of an instructor's deep-linking request (adding an activity to the course). */
export function deepLinkingClaims(lms: FakeLms, platform: FakePlatform, over: { sub?: string; data?: string; roles?: string[] } = {}): JWTPayload {
  return {
    sub: over.sub ?? `teacher-${randomUUID()}`,
    name: 'Grace Hopper',
    given_name: 'Grace',
    family_name: 'Hopper',
    [`${LTI}/message_type`]: 'LtiDeepLinkingRequest',
    [`${LTI}/version`]: '1.3.0',
    [`${LTI}/deployment_id`]: lms.deploymentId,
    [`${LTI}/roles`]: over.roles ?? ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'],
    [`${LTI}/context`]: { id: 'course-1', label: 'PHY', title: 'Physics 10B' },
    'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings': {
      deep_link_return_url: platform.returnUrl,
      accept_types: ['ltiResourceLink'],
      accept_presentation_document_targets: ['iframe', 'window'],
      accept_multiple: false,
      ...(over.data ? { data: over.data } : {}),
    },
  };
}

/** Adds the launch side to a fake LMS; `toolUrl` is the tool's public address (its /api/lti/...). */
export function addPlatformRoutes(lms: FakeLms, toolUrl: string): FakePlatform {
  const prepared = new Map<string, TokenMaker>();
  lms.toolJwksUrl = `${toolUrl}/api/lti/jwks`;

  const platform: FakePlatform = {
    authRequests: [],
    deepLinkReturns: [],
    returnUrl: `${lms.url}/deep-link-return`,
    prepare(hint, token) {
      prepared.set(hint, token);
    },
    signed(over = {}, sign) {
      return (auth) =>
        lms.sign(
          {
            iss: lms.issuer,
            aud: lms.clientId,
            nonce: auth.get('nonce') ?? undefined,
            [`${LTI}/target_link_uri`]: auth.get('redirect_uri') ?? undefined,
            ...(typeof over === 'function' ? over(auth) : over),
          },
          sign,
        );
    },
    loginUrl(hint, loginHint = 'lms-user-1') {
      const q = new URLSearchParams({
        iss: lms.issuer,
        login_hint: loginHint,
        target_link_uri: `${toolUrl}/api/lti/launch`,
        lti_message_hint: hint,
        client_id: lms.clientId,
        lti_deployment_id: lms.deploymentId,
      });
      return `${toolUrl}/api/lti/login?${q.toString()}`;
    },
  };

  // The authorisation endpoint answers with the form post (response_mode=form_post) a real LMS sends.
  const authorize = async (req: FakeRequest) => {
    const auth = req.method === 'POST' ? req.form : req.query;
    platform.authRequests.push(auth);
    const maker = prepared.get(auth.get('lti_message_hint') ?? '');
    if (!maker) return { status: 400, body: '<p>No launch was prepared for this message hint.</p>' };
    const idToken = await maker(auth);
    const redirect = auth.get('redirect_uri') ?? '';
    return {
      body: `<!doctype html><html><body><form method="post" action="${escape(redirect)}">
<input type="hidden" name="id_token" value="${escape(idToken)}"><input type="hidden" name="state" value="${escape(auth.get('state') ?? '')}">
</form><script>document.forms[0].submit()</script></body></html>`,
    };
  };
  lms.route('GET', '/auth', authorize);
  lms.route('POST', '/auth', authorize);

  lms.route('POST', '/deep-link-return', async (req) => {
    try {
      const payload = await lms.verifyFromTool(req.form.get('JWT') ?? '', lms.issuer);
      const items = (payload['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'] ?? []) as Record<string, unknown>[];
      platform.deepLinkReturns.push({ payload, items });
      const titles = items.map((i) => escape(String(i.title))).join(', ');
      return { body: `<!doctype html><html><body><h1>Activity added</h1><p id="added">Added to the course: ${titles}</p></body></html>` };
    } catch (err) {
      return { status: 400, body: `<p id="refused">${escape(String(err))}</p>` };
    }
  });

  // A course page showing the tool in an iframe, as Moodle and Canvas do; `allow` lets the tool ask for what an exam may need.
  lms.route('GET', '/course', (req) => {
    const hint = req.query.get('hint') ?? '';
    const src = platform.loginUrl(hint, req.query.get('login_hint') ?? undefined);
    return {
      body: `<!doctype html><html><head><title>Physics 10B</title></head><body><h1>Physics 10B</h1>
<iframe title="Exam" src="${escape(src)}" allow="fullscreen; camera; microphone; display-capture" style="width: 100%; height: 85vh; border: 1px solid #ccc"></iframe></body></html>`,
    };
  });

  return platform;
}

/** The fake LMS as an admin registers it (lti_platforms columns), for tests that insert it directly. */
export function platformRow(lms: FakeLms, name = 'Fake LMS') {
  const urls = platformUrls(lms);
  return {
    name,
    issuer: urls.issuer,
    client_id: urls.clientId,
    deployment_ids: JSON.stringify(urls.deploymentIds),
    auth_login_url: urls.authLoginUrl,
    auth_token_url: urls.authTokenUrl,
    keyset_url: urls.keysetUrl,
  };
}

/** A launch as a browser runs it, step by step, without the HTML: what each step answered. */
export interface LaunchRun {
  login: { status: number; text: string };
  /** The launch's answer (absent when the login was refused). */
  launch?: { status: number; location: string | null; text: string; setCookies: string[] };
  /** The one-use ticket from the launch's redirect, when it succeeded. */
  ticket?: string;
}

/**
 * Runs login → the LMS's /auth → launch against the tool at `toolUrl`, for the launch prepared
 * under `hint`. `cookie`: what the browser sends back to the launch: the state cookie it was given
 * ('keep'), none ('drop': a frame that blocks third-party cookies), or another login's ('other').
 */
export async function runLaunch(
  toolUrl: string,
  platform: FakePlatform,
  hint: string,
  opts: { cookie?: 'keep' | 'drop' | 'other'; loginUrl?: string } = {},
): Promise<LaunchRun> {
  const login = await fetch(opts.loginUrl ?? platform.loginUrl(hint), { redirect: 'manual' });
  if (login.status !== 302) return { login: { status: login.status, text: await login.text() } };
  const stateCookie = login.headers.getSetCookie().find((c) => c.startsWith('lti_state_'))?.split(';')[0];
  const form = await (await fetch(login.headers.get('location')!)).text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(form)?.[1]?.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&amp;/g, '&') ?? '';
  const cookie = opts.cookie === 'drop' ? undefined : opts.cookie === 'other' ? 'lti_state_0123456789abcdef01234567=another-login' : stateCookie;
  const res = await fetch(`${toolUrl}/api/lti/launch`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams({ id_token: field('id_token'), state: field('state') }),
  });
  const location = res.headers.get('location');
  return {
    login: { status: login.status, text: '' },
    launch: { status: res.status, location, text: await res.text(), setCookies: res.headers.getSetCookie() },
    ticket: location ? /^\/lti\/start#(.+)$/.exec(location)?.[1] : undefined,
  };
}
