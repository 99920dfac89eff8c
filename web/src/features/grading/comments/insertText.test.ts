import { describe, expect, it } from 'vitest';
import { insertText } from './insertText';

describe('inserting a saved comment into feedback', () => {
  it('appends after what is written when the feedback box never had the cursor', () => {
    expect(insertText('Good start.', 'Cite a source.', null)).toEqual({ value: 'Good start. Cite a source.', cursor: 26 });
    expect(insertText('', 'Cite a source.', null).value).toBe('Cite a source.');
  });

  it('goes where the cursor was, replacing a selection, with spaces kept between words', () => {
    expect(insertText('Good. Well argued.', 'Cite a source.', { start: 5, end: 5 }).value).toBe('Good. Cite a source. Well argued.');
    expect(insertText('Good XX end', 'fine', { start: 5, end: 7 }).value).toBe('Good fine end');
  });
});
