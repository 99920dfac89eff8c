import { INTEROP_MSG } from '@exam/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/buildUser';
import { mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { QuestionBankPage } from '../QuestionBankPage';
import { DRY_RUN_ITEMS, TEACHER_ID, bankQuestion, page } from '../test/fixtures';

const GIFT = new File(['::Halves and quarters:: Add $\\frac{1}{2}$ and $\\frac{1}{4}$ {=$\\frac{3}{4}$ ~$\\frac{2}{6}$}'], 'fractions.gift', { type: 'text/plain' });

function setup(routes: Parameters<typeof mockApi>[1] = []) {
  let imported = false;
  const api = mockApi(buildUser({ _id: TEACHER_ID, role: 'teacher' }), [
    ...routes,
    [
      'POST',
      '/questions/import',
      ({ url }) =>
        url.searchParams.get('dryRun') === 'true'
          ? { body: { success: true, data: { format: 'gift', dryRun: true, items: DRY_RUN_ITEMS } } }
          : ((imported = true), { body: { success: true, data: { format: 'gift', imported: 1, skipped: 2, items: [] } } }),
    ],
    ['GET', '/questions', () => ({ body: page(imported ? [bankQuestion({ _id: 'new1' })] : []) })],
  ]);
  renderApp('/questions', [{ path: '/questions', element: <QuestionBankPage /> }]);
  return api;
}

async function openAndCheck(subject = 'mathematics') {
  fireEvent.click(await screen.findByRole('button', { name: 'Import questions' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import questions' });
  fireEvent.change(within(dialog).getByLabelText(/Question file/), { target: { files: [GIFT] } });
  fireEvent.change(within(dialog).getByLabelText(/Subject/), { target: { value: subject } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
  return dialog;
}

// Rendering the page, the dialog and the table takes seconds on a busy machine.
describe('importing a question file', { timeout: 20_000 }, () => {
  it('checks the file first: each item with its status in words, its reason, where it is, and a preview', async () => {
    const api = setup();
    const dialog = await openAndCheck();
    const table = await within(dialog).findByRole('table', { name: 'Items of the file' });
    const [, ok, warning, error] = within(table).getAllByRole('row');
    expect(within(ok!).getByText('Ready')).toBeTruthy();
    expect(within(warning!).getByText('Warning')).toBeTruthy();
    expect(within(warning!).getByText('Per-answer feedback was dropped')).toBeTruthy();
    expect(within(error!).getByText('Error')).toBeTruthy();
    expect(within(error!).getByText('Moodle Cloze (multianswer) questions have no equivalent here')).toBeTruthy();
    expect(within(error!).getByText('line 15')).toBeTruthy();
    expect(within(dialog).getByText('1 ready, 1 with warnings, 1 that cannot be imported')).toBeTruthy();

    // Ready and warning items are chosen; an error item cannot be.
    expect(within(dialog).getByRole('checkbox', { name: 'Import item 1: Halves and quarters' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('checkbox', { name: 'Import item 2: Capitals' })).toHaveProperty('checked', true);
    const refused = within(dialog).getByRole('checkbox', { name: 'Import item 3: Cloze passage' });
    expect(refused).toHaveProperty('checked', false);
    expect(refused).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: 'Import 2 questions' })).toBeTruthy();

    // The preview shows the question as students will see it, maths rendered in the choices too.
    const show = within(dialog).getByRole('button', { name: 'Show preview of item 1' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(show);
    const preview = within(dialog).getByRole('region', { name: 'As students see it' });
    expect(within(preview).getByRole('list', { name: 'Choices' }).querySelectorAll('.katex').length).toBe(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show preview of item 2' }));
    expect(within(dialog).getByRole('list', { name: 'To match' }).textContent).toContain('France');

    const dry = api.callsTo('POST', '/questions/import')[0]!;
    expect(dry.url.searchParams.get('dryRun')).toBe('true');
    expect(dry.url.searchParams.get('subject')).toBe('mathematics');
    const sent = api.fetchMock.mock.calls.find(([url]) => String(url).includes('/questions/import'))![1]!.body as FormData;
    expect((sent.get('file') as File).name).toBe('fractions.gift');
  });

  it('imports only the items left chosen, then reports the counts and refreshes the bank', async () => {
    const api = setup();
    const dialog = await openAndCheck();
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Import item 2: Capitals' }));
    const tags = within(dialog).getByRole('combobox', { name: /Extra tags/ });
    // Changing an option after the check asks for a new check: add the tag first, then check again.
    tags.focus();
    fireEvent.change(tags, { target: { value: 'term1' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    expect(within(dialog).queryByRole('table')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Import item 2: Capitals' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 1 question' }));

    expect(await within(dialog).findByText('1 imported, 2 skipped.')).toBeTruthy();
    const real = api.callsTo('POST', '/questions/import').at(-1)!.url.searchParams;
    expect(real.get('dryRun')).toBe('false');
    expect(real.get('items')).toBe('0');
    expect(real.get('subject')).toBe('mathematics');
    expect(real.get('tags')).toBe('term1');
    await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(1));
  });

  it("shows the server's reason when it refuses the file", async () => {
    setup([['POST', '/questions/import', () => ({ status: 400, body: { success: false, message: INTEROP_MSG.xmlDoctype } })]]);
    const dialog = await openAndCheck();
    expect((await within(dialog).findByRole('alert')).textContent).toBe(INTEROP_MSG.xmlDoctype);
    expect(within(dialog).queryByRole('table')).toBeNull();
  });

  it('asks for the file and the subject before sending anything', async () => {
    const api = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Import questions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import questions' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(INTEROP_MSG.fileRequired);
    fireEvent.change(within(dialog).getByLabelText(/Question file/), { target: { files: [GIFT] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(INTEROP_MSG.subjectRequired);
    expect(api.callsTo('POST', '/questions/import')).toHaveLength(0);
  });
});
