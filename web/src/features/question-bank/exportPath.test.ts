import { describe, expect, it } from 'vitest';
import { exportPath } from './exportPath';

describe('the export address', () => {
  it('names the chosen questions, or the exam whose questions to export, with the format', () => {
    const ids = new URL(`http://x${exportPath('gift', { ids: ['a1', 'b2'] })}`);
    expect(ids.pathname).toBe('/questions/export');
    expect(Object.fromEntries(ids.searchParams)).toEqual({ format: 'gift', ids: 'a1,b2' });
    const exam = new URL(`http://x${exportPath('qti3', { examId: 'e1' })}`);
    expect(Object.fromEntries(exam.searchParams)).toEqual({ format: 'qti3', examId: 'e1' });
  });
});
