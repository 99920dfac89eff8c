import { describe, expect, it } from 'vitest';
import { FAQ, HELP_CATEGORIES, searchFaq } from './helpContent';

describe('help content', () => {
  it('has the six categories of the spec', () => {
    expect(HELP_CATEGORIES.map((c) => c.id)).toEqual(['getting-started', 'taking-exams', 'creating-exams', 'account-settings', 'troubleshooting', 'security']);
  });
  it('searches questions and answers, case-insensitively', () => {
    expect(searchFaq('')).toBe(FAQ);
    expect(searchFaq('BROWSERS').map((f) => f.question)).toEqual(['Which browsers are supported?']);
    expect(searchFaq('one hour')).toHaveLength(1);
    expect(searchFaq('zebra')).toEqual([]);
  });
});
