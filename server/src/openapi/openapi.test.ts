import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { apiRouter } from '../routes';
import { ROUTE_DOCS } from '../routes/openapiEntries';
import { paymentWebhookRoutes } from '../routes/payments';
import { coverage, mountedRoutes } from './document';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('the API reference', () => {
  it('has an entry for every mounted route and no entry without a route', () => {
    const routes = mountedRoutes([apiRouter(server.deps), paymentWebhookRoutes(server.deps)]);
    expect(routes.length).toBeGreaterThan(40);
    expect(coverage(routes, ROUTE_DOCS)).toEqual({ undocumented: [], orphaned: [] });
  });

  it('is a valid OpenAPI 3.1 document served at /api/openapi.json, with the validated schemas and roles', async () => {
    const res = await server.api('GET', '/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body;
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    // The register call documents the schema the route validates with, field by field.
    const register = doc.paths['/auth/register'].post;
    expect(Object.keys(register.requestBody.content['application/json'].schema.properties)).toEqual(expect.arrayContaining(['email', 'password', 'role']));
    // Roles come from the route's own auth(): a student cannot create exams.
    expect(doc.paths['/exams'].post['x-roles']).toEqual(['teacher', 'admin']);
    expect(doc.paths['/exams'].post.responses['403']).toBeTruthy();
    // Path parameters in OpenAPI form, query parameters from the list schemas.
    expect(doc.paths['/exams/{id}'].get.parameters[0]).toMatchObject({ name: 'id', in: 'path' });
    expect(doc.paths['/exams'].get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['page', 'limit', 'subject']));
    expect(doc.paths['/payments'].post.responses['402'].description).toBe('Payment failed. Please try again.');
  });

  it('serves a browsable reference at /api/docs from its own files (no CDN)', async () => {
    const page = await fetch(`${server.url}/api/docs`);
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    for (const src of html.match(/(?:src|href)="([^"]+)"/g) ?? []) expect(src).toMatch(/"\/api\/docs\//);
    const bundle = await fetch(`${server.url}/api/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    // Read to the end: an unread body holds its connection open, and the server's stop waits for it.
    expect((await bundle.text()).length).toBeGreaterThan(1000);
    expect((await fetch(`${server.url}/api/docs/init.js`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/docs/package.json`)).status).toBe(404);
  });
});
