import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import { RubricEditor } from './RubricEditor';
import { RubricTable } from './RubricTable';
import { newRubricDraft, rubricErrors } from './rubricDraft';

function Harness() {
  const [value, setValue] = useState(() => newRubricDraft(2));
  return <RubricEditor value={value} onChange={setValue} errors={rubricErrors(value)} />;
}

describe('rubrics in French', () => {
  it('names the inputs, the total and the mistakes in French, numbers written the French way', async () => {
    await changeLanguage('fr');
    render(
      <MantineProvider env="test">
        <Harness />
      </MantineProvider>,
    );
    const criterion = within(screen.getByRole('group', { name: 'Critère 1' }));
    expect(criterion.getByLabelText('Titre du critère 1')).toBeTruthy();
    expect(criterion.getByText('Chaque critère doit avoir un titre')).toBeTruthy();
    fireEvent.change(criterion.getByLabelText('Points du niveau 2'), { target: { value: '2.5' } });
    expect(screen.getByTestId('rubric-total').textContent).toBe('Total de la grille : 2,5 points');
  });

  it('marks the chosen level as "Choisi"', async () => {
    await changeLanguage('fr');
    render(
      <MantineProvider env="test">
        <RubricTable
          assessment={{
            rubric: { criteria: [{ id: 'c', title: 'Argumentation', description: '', levels: [{ id: 'a', title: 'Faible', description: '', points: 0 }, { id: 'b', title: 'Solide', description: '', points: 1.5 }] }] },
            chosen: { c: 'b' },
          }}
        />
      </MantineProvider>,
    );
    const chosen = screen.getByText('Choisi').closest('li');
    expect(chosen?.getAttribute('aria-current')).toBe('true');
    expect(chosen?.textContent).toBe('ChoisiSolide (1,5)');
    expect(screen.getByTestId('rubric-table-total').textContent).toBe('1,5 / 1,5');
  });
});
