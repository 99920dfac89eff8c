import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import { faq, helpCategories, searchFaq } from './helpContent';

describe('help content', () => {
  it('has six categories', () => {
    expect(helpCategories().map((c) => c.id)).toEqual(['getting-started', 'taking-exams', 'creating-exams', 'account-settings', 'troubleshooting', 'security']);
  });
  it('searches questions and answers, case-insensitively', () => {
    expect(searchFaq('')).toEqual(faq());
    expect(searchFaq('BROWSERS').map((f) => f.question)).toEqual(['Which browsers are supported?']);
    expect(searchFaq('one hour')).toHaveLength(1);
    expect(searchFaq('zebra')).toEqual([]);
  });
  it('searches in the language on screen', async () => {
    await changeLanguage('de');
    expect(helpCategories()[0]!.title).not.toBe('Getting started');
    expect(searchFaq('CHROME').map((f) => f.question)).toEqual([faq()[4]!.question]);
  });
});
