import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { RubricEditor } from './RubricEditor';
import { draftToRubric, newRubricDraft, rubricErrors, type RubricDraft } from './rubricDraft';

let latest: RubricDraft | null = null;

/** The editor holding its own value, with the errors the schema finds once "checked". */
function Harness({ checked = false }: { checked?: boolean }) {
  const [value, setValue] = useState(() => newRubricDraft(4));
  return (
    <RubricEditor
      value={value}
      onChange={(v) => {
        latest = v;
        setValue(v);
      }}
      errors={checked ? rubricErrors(value) : {}}
    />
  );
}

const renderEditor = (checked = false) =>
  render(
    <MantineProvider env="test">
      <Harness checked={checked} />
    </MantineProvider>,
  );
const criterion = (n: number) => within(screen.getByRole('group', { name: `Criterion ${n}` }));
const type_ = (scope: ReturnType<typeof criterion>, label: string, value: string) => fireEvent.change(scope.getByLabelText(label), { target: { value } });
const total = () => screen.getByTestId('rubric-total').textContent;

describe('the rubric editor', () => {
  it('starts with one criterion of two levels, every input named by its place', () => {
    renderEditor();
    expect(screen.getAllByRole('group', { name: /^Criterion \d$/ })).toHaveLength(1);
    expect(criterion(1).getByLabelText('Criterion 1 title')).toBeTruthy();
    expect(criterion(1).getByLabelText('Criterion 1 description (optional)')).toBeTruthy();
    expect(criterion(1).getByLabelText('Level 1 title')).toBeTruthy();
    expect(criterion(1).getByLabelText('Level 2 points')).toBeTruthy();
    expect(total()).toBe('Rubric total: 4 points');
  });

  it('adds and removes criteria and levels, and the total follows the best level of each', () => {
    renderEditor();
    fireEvent.click(screen.getByTestId('rubric-add-criterion'));
    expect(screen.getAllByRole('group', { name: /^Criterion \d$/ })).toHaveLength(2);
    // A new criterion is worth 0 or 1 point.
    expect(total()).toBe('Rubric total: 5 points');

    fireEvent.click(screen.getByTestId('rubric-add-level-1'));
    expect(criterion(2).getAllByLabelText(/^Level \d points$/)).toHaveLength(3);
    expect(total()).toBe('Rubric total: 6 points');
    type_(criterion(2), 'Level 3 points', '2.5');
    expect(total()).toBe('Rubric total: 6.5 points');

    fireEvent.click(criterion(2).getByRole('button', { name: 'Remove level 3 of criterion 2' }));
    expect(total()).toBe('Rubric total: 5 points');
    // Two levels is the least a criterion has, one criterion the least a rubric has.
    expect(criterion(2).getByRole('button', { name: 'Remove level 1 of criterion 2' })).toHaveProperty('disabled', true);

    fireEvent.click(criterion(1).getByRole('button', { name: 'Remove criterion 1' }));
    expect(screen.getAllByRole('group', { name: /^Criterion \d$/ })).toHaveLength(1);
    expect(criterion(1).getByRole('button', { name: 'Remove criterion 1' })).toHaveProperty('disabled', true);
    expect(total()).toBe('Rubric total: 1 point');
  });

  it('makes an id for every criterion and level, and sends what was typed', () => {
    renderEditor();
    type_(criterion(1), 'Criterion 1 title', 'Argument');
    type_(criterion(1), 'Level 1 title', 'Missing');
    type_(criterion(1), 'Level 2 title', 'Convincing');
    type_(criterion(1), 'Level 2 description (optional)', 'Every claim supported');
    const rubric = draftToRubric(latest!);
    expect(rubric.criteria[0]).toMatchObject({
      title: 'Argument',
      levels: [
        { title: 'Missing', points: 0 },
        { title: 'Convincing', points: 4, description: 'Every claim supported' },
      ],
    });
    const ids = [rubric.criteria[0]!.id, ...rubric.criteria[0]!.levels.map((l) => l.id)];
    expect(new Set(ids).size).toBe(3);
  });

  it('tells each mistake at its field, in the catalogue words', () => {
    renderEditor(true);
    expect(criterion(1).getByText('Every criterion needs a title')).toBeTruthy();
    expect(criterion(1).getAllByText('Every level needs a title')).toHaveLength(2);
    type_(criterion(1), 'Level 2 points', '1.25');
    expect(criterion(1).getByText('A level’s points must be a number from 0 to 1000, in halves at most')).toBeTruthy();
  });
});
