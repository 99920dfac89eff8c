import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { MOODLE_BANK, PNG_1x1 } from '../../test/questionFiles';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

async function signedIn(role: 'teacher' | 'admin' | 'student') {
  const user = await buildUser(server.deps, { role });
  const res = await server.api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD });
  return { user, token: res.body.data.accessToken as string };
}

/** POST /questions/import with the file as a multipart upload, as the bank screen sends it. */
async function upload(token: string, file: Buffer | string, query: string, name = 'bank.xml') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(typeof file === 'string' ? Buffer.from(file) : file)]), name);
  const res = await fetch(`${server.url}/api/questions/import?${query}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const countOwned = async (ownerId: string) => Number(((await server.deps.db('questions').where({ owner_id: ownerId }).count({ n: '*' })) as { n: string }[])[0]!.n);

describe('importing a question file', () => {
  it('a dry run shows what each item becomes, refuses Cloze with its reason, and writes nothing', async () => {
    const t = await signedIn('teacher');
    const res = await upload(t.token, MOODLE_BANK, 'dryRun=true&subject=science');
    expect(res.status).toBe(200);
    const items = res.body.data.items as { title: string; type: string; status: string; reason: string; preview: { options: string[]; stems?: string[] } | null }[];
    expect(res.body.data.format).toBe('moodlexml');
    expect(items.map((i) => [i.title, i.type, i.status === 'error' ? 'error' : 'importable'])).toEqual([
      ['Primes', 'multiple-response', 'importable'],
      ['Pi', 'numerical', 'importable'],
      ['Amphibian', 'short-answer', 'importable'],
      ['Animals', 'matching', 'importable'],
      ['Capital cloze', null, 'error'],
    ]);
    expect(items[4]!.reason).toMatch(/cloze/i);
    // The student's view carries no key: the matching shows stems and answers to choose from.
    expect(items[3]!.preview).toMatchObject({ stems: ['Cat', 'Frog', 'Eagle'], options: ['Amphibian', 'Bird', 'Insect', 'Mammal'] });
    expect(JSON.stringify(items[3]!.preview)).not.toContain('pairs');
    expect(await countOwned(t.user.id)).toBe(0);
  });

  it('the real run writes the chosen items in one go, with the category as subject and tags and the picture stored', async () => {
    const t = await signedIn('teacher');
    const res = await upload(t.token, MOODLE_BANK, 'dryRun=false&subject=science&items=0,1,3,4');
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ imported: 3, skipped: 2 });
    const items = res.body.data.items as { title: string; status: string; _id: string | null; reason: string }[];
    expect(items.map((i) => !!i._id)).toEqual([true, true, false, true, false]);
    expect(items[2]!.reason).toMatch(/not chosen/i);
    const list = await server.api('GET', '/questions?scope=mine&limit=50', undefined, { token: t.token });
    const primes = list.body.data.questions.find((q: { text: string }) => q.text.startsWith('Which of these numbers are prime?'));
    expect(primes).toMatchObject({ type: 'multiple-response', subject: 'mathematics', points: 2 });
    expect(primes.tags).toEqual(expect.arrayContaining(['mathematics', 'year 9']));
    expect(primes.options.map((o: { fraction: number }) => o.fraction)).toEqual([0.5, 0.5, -1, 0]);
    expect(primes.image).toMatch(/^\/uploads\/questions\/[0-9a-f]{32}\.png$/);
    const picture = await fetch(`${server.url}${primes.image}`);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await picture.arrayBuffer()).equals(PNG_1x1)).toBe(true);
    const byTag = await server.api('GET', '/questions?tag=year%209', undefined, { token: t.token });
    expect(byTag.body.data.total).toBe(3);
  });

  it('refuses hostile and broken files with a clear message and writes nothing', async () => {
    const t = await signedIn('teacher');
    const xxe = `<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY x SYSTEM "file:///etc/passwd">]><quiz><question type="essay"><name><text>&x;</text></name></question></quiz>`;
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><quiz>&lol2;</quiz>`;
    const cases: [string, Buffer | string, string, RegExp, number?][] = [
      ['malformed XML', '<quiz><question type="essay"><name><text>Oops</name></question></quiz>', 'format=moodlexml', /not well-formed XML/],
      ['external entities', xxe, '', /DOCTYPE/],
      ['entity expansion', laughs, '', /DOCTYPE/],
      ['not a question file', 'just some words', '', /not GIFT, Moodle XML or QTI/],
      ['a zip leaving its folder', Buffer.from(zipSync({ '../evil.xml': Buffer.from('<x/>'), 'imsmanifest.xml': Buffer.from('<manifest/>') })), '', /leaves the package/],
      ['a zip bomb', Buffer.from(zipSync({ 'imsmanifest.xml': Buffer.from('<manifest/>'), 'zeros.xml': new Uint8Array(160 * 1024 * 1024) }, { level: 9 })), '', /more than 100 MB/],
      ['a file over 20 MB', Buffer.alloc(21 * 1024 * 1024, 32), '', /larger than 20 MB/, 413],
      ['the wrong format asked', MOODLE_BANK, 'format=gift', /not GIFT/],
    ];
    for (const [what, file, query, message, status = 400] of cases) {
      const res = await upload(t.token, file, `dryRun=false&subject=science&${query}`);
      expect({ what, status: res.status }).toEqual({ what, status });
      expect(res.body.message, what).toMatch(message);
    }
    expect(await countOwned(t.user.id)).toBe(0);
  });

  it('asks for a file and a subject, and lets only staff import', async () => {
    const t = await signedIn('teacher');
    const none = await fetch(`${server.url}/api/questions/import?dryRun=true`, { method: 'POST', headers: { authorization: `Bearer ${t.token}` }, body: new FormData() });
    expect(none.status).toBe(400);
    expect((await none.json()).message).toBe('Choose a question file to import');
    const noSubject = await upload(t.token, MOODLE_BANK.replace('$course$/top/Mathematics/Year 9', '$course$/top/Misc'), 'dryRun=true');
    expect(noSubject.body.data.items[0]).toMatchObject({ status: 'error', reason: 'Choose the subject these questions belong to' });
    const s = await signedIn('student');
    expect((await upload(s.token, MOODLE_BANK, 'dryRun=true&subject=science')).status).toBe(403);
  });
});

describe('exporting questions', () => {
  it('gives every format back, and each imports again unchanged', async () => {
    const t = await signedIn('teacher');
    const res = await upload(t.token, MOODLE_BANK, 'dryRun=false&subject=science');
    const ids = (res.body.data.items as { _id: string | null }[]).flatMap((i) => (i._id ? [i._id] : []));
    expect(ids).toHaveLength(4);
    const original = await server.api('GET', '/questions?scope=mine&limit=50', undefined, { token: t.token });
    const shape = (qs: Record<string, unknown>[]) =>
      qs
        .map((q) => ({ text: q.text, type: q.type, points: q.points, options: q.options, numericAnswers: q.numericAnswers, shortAnswers: q.shortAnswers, caseSensitive: q.caseSensitive, pairs: q.pairs, distractors: q.distractors, tags: q.tags, image: q.image }))
        .sort((a, b) => String(a.text).localeCompare(String(b.text)));
    for (const [format, contentType, importAs] of [
      ['moodlexml', 'application/xml', 'moodlexml'],
      ['qti21', 'application/zip', 'qti'],
      ['qti3', 'application/zip', 'qti'],
    ] as const) {
      const file = await fetch(`${server.url}/api/questions/export?format=${format}&ids=${ids.join(',')}`, { headers: { authorization: `Bearer ${t.token}` } });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toContain(contentType);
      expect(file.headers.get('content-disposition')).toMatch(/attachment/);
      const other = await signedIn('teacher');
      const back = await upload(other.token, Buffer.from(await file.arrayBuffer()), `dryRun=false&subject=science&format=${importAs}`, `bank.${format}`);
      expect({ format, status: back.status }).toEqual({ format, status: 201 });
      const again = await server.api('GET', '/questions?scope=mine&limit=50', undefined, { token: other.token });
      expect(shape(again.body.data.questions)).toEqual(shape(original.body.data.questions));
    }
    const gift = await fetch(`${server.url}/api/questions/export?format=gift&ids=${ids.join(',')}`, { headers: { authorization: `Bearer ${t.token}` } });
    expect(await gift.text()).toContain('::');
  });

  it('brings an essay’s rubric back with it from Moodle XML and QTI, and its grader notes without the table', async () => {
    const t = await signedIn('teacher');
    const rubric = {
      criteria: [
        { id: 'a', title: 'Argument', description: 'A claim and reasons', levels: [{ id: 'a0', title: 'Weak', points: 0 }, { id: 'a1', title: 'Strong', description: 'Every reason backed', points: 4 }] },
        { id: 'e', title: 'Evidence', levels: [{ id: 'e0', title: 'None', points: 0 }, { id: 'e1', title: 'Cited', points: 2.5 * 2 - 3 }] },
      ],
    };
    const created = await server.api('POST', '/questions', { text: 'Should schools start later? Argue your case.', type: 'essay', subject: 'english', points: 6, sampleAnswer: 'Sleep research.', rubric }, { token: t.token });
    expect(created.status).toBe(201);
    const id = created.body.data.question._id as string;
    const shape = (r: { criteria: { title: string; description: string; levels: { title: string; description: string; points: number }[] }[] }) =>
      r.criteria.map((c) => ({ title: c.title, description: c.description, levels: c.levels.map((l) => [l.title, l.description, l.points]) }));
    for (const [format, importAs] of [['moodlexml', 'moodlexml'], ['qti21', 'qti'], ['qti3', 'qti']] as const) {
      const file = await fetch(`${server.url}/api/questions/export?format=${format}&ids=${id}`, { headers: { authorization: `Bearer ${t.token}` } });
      const other = await signedIn('teacher');
      const back = await upload(other.token, Buffer.from(await file.arrayBuffer()), `dryRun=false&subject=english&format=${importAs}`, `bank.${format}`);
      expect({ format, status: back.status }).toEqual({ format, status: 201 });
      const [again] = (await server.api('GET', '/questions?scope=mine&limit=5', undefined, { token: other.token })).body.data.questions;
      expect({ format, rubric: shape(again.rubric) }).toEqual({ format, rubric: shape(created.body.data.question.rubric) });
      expect({ format, sample: again.sampleAnswer }).toEqual({ format, sample: 'Sleep research.' });
    }
  });

  it('exports only what the viewer may read', async () => {
    const owner = await signedIn('teacher');
    const res = await upload(owner.token, MOODLE_BANK, 'dryRun=false&subject=science&items=1');
    const id = res.body.data.items[1]._id as string;
    const other = await signedIn('teacher');
    const refused = await server.api('GET', `/questions/export?format=gift&ids=${id}`, undefined, { token: other.token });
    expect(refused.status).toBe(403);
    const none = await server.api('GET', '/questions/export?format=gift', undefined, { token: other.token });
    expect(none.body.message).toBe('Choose at least one question to export');
  });
});

describe('sharing questions with every teacher', () => {
  it('another teacher lists, reads and exports a shared question but may not change it', async () => {
    const owner = await signedIn('teacher');
    const res = await upload(owner.token, MOODLE_BANK, 'dryRun=false&subject=science&items=2');
    const id = res.body.data.items[2]._id as string;
    const mine = await server.api('GET', `/questions/${id}`, undefined, { token: owner.token });
    expect(mine.body.data.question).toMatchObject({ shared: false, canEdit: true });
    const shared = await server.api('PUT', `/questions/${id}`, { ...mine.body.data.question, shared: true }, { token: owner.token });
    expect(shared.status).toBe(200);

    const other = await signedIn('teacher');
    const list = await server.api('GET', '/questions?scope=shared', undefined, { token: other.token });
    expect(list.body.data.questions.map((q: { _id: string; canEdit: boolean }) => [q._id, q.canEdit])).toContainEqual([id, false]);
    expect((await server.api('GET', '/questions?scope=mine', undefined, { token: other.token })).body.data.total).toBe(0);
    const exported = await fetch(`${server.url}/api/questions/export?format=gift&ids=${id}`, { headers: { authorization: `Bearer ${other.token}` } });
    expect(await exported.text()).toContain('Name an amphibian that croaks.');
    expect((await server.api('PUT', `/questions/${id}`, { ...mine.body.data.question, text: 'Changed by someone else entirely' }, { token: other.token })).status).toBe(403);
    expect((await server.api('DELETE', `/questions/${id}`, undefined, { token: other.token })).status).toBe(403);
  });
});
