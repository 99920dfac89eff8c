import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_MSG, MSG, PROCTOR_EVENTS } from '@exam/shared';
import { buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { call, connectAs } from '../test/sockets';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const FR = { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' };
const EN = { 'accept-language': 'en-US,en;q=0.9' };

async function signIn(email: string) {
  const res = await server.api('POST', '/auth/login', { email, password: TEST_PASSWORD });
  expect(res.status).toBe(200);
  return res.body.data.accessToken as string;
}

describe('the language of an answer', () => {
  it('follows Accept-Language for a visitor: French validation and error texts', async () => {
    const invalid = await server.api('POST', '/auth/login', { email: '', password: '' }, { headers: FR });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe('L’adresse e-mail est obligatoire');
    expect(invalid.body.errors.map((e: { msg: string }) => e.msg)).toContain('Le mot de passe est obligatoire');

    const wrong = await server.api('POST', '/auth/login', { email: 'nobody@school.test', password: 'wrong-password' }, { headers: FR });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, message: 'Adresse e-mail ou mot de passe incorrect' });

    const unknown = await server.api('GET', '/no-such-route', undefined, { headers: FR });
    expect(unknown.body.message).toBe('Ressource introuvable.');
    expect(unknown.headers.get('vary')).toMatch(/Accept-Language/i);
  });

  it('writes checks a schema gives no text of its own in the visitor’s language too, in our words (never zod’s)', async () => {
    const body = { name: 'Ana', email: 'ana@school.test', subject: 'Hello', message: 'A message long enough', website: 5 };
    const de = await server.api('POST', '/contact', body, { headers: { 'accept-language': 'de' } });
    expect(de.status).toBe(400);
    expect(de.body.errors[0].field).toBe('website');
    expect(de.body.message).toBe('Muss ein Text sein');
    const en = await server.api('POST', '/contact', body, { headers: EN });
    expect(en.body.message).toBe('Must be text');
  });

  it('answers an English request exactly as before, with or without the header', async () => {
    const bodies = [];
    for (const headers of [EN, {}, { 'accept-language': 'ja' }]) {
      const res = await server.api('POST', '/auth/login', { email: 'nobody@school.test', password: 'wrong-password' }, { headers });
      bodies.push(res.body);
    }
    for (const body of bodies) expect(body).toEqual({ success: false, message: MSG.invalidCredentials });
    const invalid = await server.api('POST', '/auth/login', { email: '', password: '' }, { headers: EN });
    expect(invalid.body.message).toBe(MSG.emailRequired);
  });

  it('follows a signed-in user’s own language over the browser’s, from the moment they choose it', async () => {
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const token = await signIn(teacher.email);
    const saved = await server.api('PUT', '/users/settings', { category: 'preferences', key: 'language', value: 'de' }, { token, headers: EN });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Einstellungen erfolgreich gespeichert!');

    const again = await server.api('POST', '/auth/login', { email: teacher.email, password: TEST_PASSWORD }, { headers: EN });
    expect(again.body.message).toBe('Anmeldung erfolgreich!');

    const invalid = await server.api('POST', '/exams', { title: 'x' }, { token, headers: EN });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.find((e: { field: string }) => e.field === 'title').msg).toBe('Der Titel muss mindestens 3 Zeichen lang sein');

    const missing = await server.api('GET', '/exams/00000000-0000-4000-8000-000000000000', undefined, { token, headers: EN });
    expect(missing.status).toBe(404);
    expect(missing.body.message).not.toBe(EXAM_MSG.examNotFound);
    expect(missing.body.message).toMatch(/nicht gefunden/);
  });

  it('translates texts that carry values', async () => {
    const visitor = await server.api('PUT', '/users/settings', {}, { headers: FR });
    expect(visitor.status).toBe(401);
    expect(visitor.body.message).toBe('Vous n’êtes pas connecté. Veuillez vous connecter.');
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const token = await signIn(teacher.email);
    const res = await server.api('PUT', '/users/settings', { category: 'preferences', key: 'nope', value: 1 }, { token, headers: FR });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Paramètre inconnu : preferences.nope');
  });

  it('acknowledges a socket event in the socket user’s language', async () => {
    const student = await buildUser(server.deps, { role: 'student' });
    const token = await signIn(student.email);
    await server.api('PUT', '/users/settings', { category: 'preferences', key: 'language', value: 'es' }, { token });
    const socket = await connectAs(server, student.email);
    try {
      const notJoined = await call(socket, PROCTOR_EVENTS.health, { attemptId: '00000000-0000-4000-8000-000000000000', pending: 0 });
      expect(notJoined).toEqual({ ok: false, code: 'invalid', message: 'Primero únete al intento.' });
      const invalid = await call(socket, PROCTOR_EVENTS.health, { attemptId: 'nope', pending: 0 });
      expect(invalid).toMatchObject({ ok: false, code: 'invalid', message: 'Se necesita un identificador válido' });
    } finally {
      socket.close();
    }
  });
});
