import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SignJWT, createRemoteJWKSet, exportJWK, generateKeyPair, jwtVerify, type CryptoKey, type JWK, type JWTPayload } from 'jose';

/**
 * A fake LMS (an LTI 1.3 platform) on loopback, with its own keys, for the tool's tests: it
 * publishes its keyset, answers the OIDC authorisation request with an auto-posting form carrying
 * the id token the test prepared, issues service tokens against a client assertion signed by the
 * tool, and records what the tool sends back. Each area adds its routes with `route()`:
 * platform.ts (launch and deep linking) and services.ts (roster and grades).
 */
export interface FakeLms {
  url: string;
  issuer: string;
  clientId: string;
  deploymentId: string;
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
  /** Where the tool publishes its keys (its /api/lti/jwks); set before a service token is asked. */
  toolJwksUrl?: string;
  route(method: string, path: string, handler: Handler): void;
  /** Signs an id token (or any platform message) with the LMS's key unless told otherwise. */
  sign(payload: JWTPayload, opts?: { kid?: string; key?: CryptoKey; alg?: string; expiresIn?: string | number }): Promise<string>;
  /** Verifies a JWT the tool signed, against the tool's published keys. */
  verifyFromTool(jwt: string, audience?: string): Promise<JWTPayload>;
  stop(): Promise<void>;
}

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** The body as text; `form` when it was url-encoded. */
  text: string;
  form: URLSearchParams;
}
export interface FakeResponse {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
}
export type Handler = (req: FakeRequest, lms: FakeLms) => FakeResponse | Promise<FakeResponse>;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, out: FakeResponse): void {
  const isText = typeof out.body === 'string';
  res.writeHead(out.status ?? 200, { 'content-type': isText ? 'text/html; charset=utf-8' : 'application/json', ...out.headers });
  res.end(out.body === undefined ? '' : isText ? (out.body as string) : JSON.stringify(out.body));
}

export async function startFakeLms(opts: { clientId?: string; deploymentId?: string; host?: string } = {}): Promise<FakeLms> {
  const routes = new Map<string, Handler>();
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = `lms-${randomUUID()}`;
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  let toolKeys: ReturnType<typeof createRemoteJWKSet> | undefined;
  let toolKeysUrl: string | undefined;

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake.lms');
      const text = await readBody(req);
      const handler = routes.get(`${req.method} ${url.pathname}`);
      if (!handler) return send(res, { status: 404, body: { error: 'not found' } });
      const request: FakeRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, text, form: new URLSearchParams(text) };
      send(res, await handler(request, lms));
    })().catch((err: unknown) => send(res, { status: 500, body: { error: String(err) } }));
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const base = `http://${host}:${(server.address() as AddressInfo).port}`;

  const lms: FakeLms = {
    url: base,
    issuer: base,
    clientId: opts.clientId ?? `client-${randomUUID()}`,
    deploymentId: opts.deploymentId ?? 'deployment-1',
    kid,
    privateKey,
    publicJwk,
    route(method, path, handler) {
      routes.set(`${method.toUpperCase()} ${path}`, handler);
    },
    async sign(payload, o = {}) {
      return new SignJWT(payload)
        .setProtectedHeader({ alg: o.alg ?? 'RS256', kid: o.kid ?? kid, typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime(o.expiresIn ?? '5m')
        .sign(o.key ?? privateKey);
    },
    async verifyFromTool(jwt, audience) {
      if (!lms.toolJwksUrl) throw new Error('toolJwksUrl is not set');
      if (toolKeysUrl !== lms.toolJwksUrl) {
        toolKeys = createRemoteJWKSet(new URL(lms.toolJwksUrl), { cacheMaxAge: 0 });
        toolKeysUrl = lms.toolJwksUrl;
      }
      const { payload } = await jwtVerify(jwt, toolKeys!, { algorithms: ['RS256'], ...(audience ? { audience } : {}) });
      return payload;
    },
    stop: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };

  lms.route('GET', '/jwks', () => ({ body: { keys: [publicJwk] } }));
  return lms;
}

/** The URLs of the fake LMS an admin would register for it. */
export function platformUrls(lms: FakeLms) {
  return {
    issuer: lms.issuer,
    clientId: lms.clientId,
    deploymentIds: [lms.deploymentId],
    authLoginUrl: `${lms.url}/auth`,
    authTokenUrl: `${lms.url}/token`,
    keysetUrl: `${lms.url}/jwks`,
  };
}
