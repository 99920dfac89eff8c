import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialLanguage, LANGUAGE_STORAGE_KEY } from './index';
import { browserStartValues } from './browserPreferences';

const browserSpeaks = (languages: string[]) => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});

describe('the language before sign-in', () => {
  it('is the browser’s first language the app speaks, without asking the school', async () => {
    browserSpeaks(['pt-BR', 'fr-CA', 'de']);
    const school = vi.fn(async () => 'de' as const);
    expect(await initialLanguage(school)).toBe('fr');
    expect(school).not.toHaveBeenCalled();
  });

  it('is the school’s language when the browser speaks none of ours', async () => {
    browserSpeaks(['ja', 'zh-CN']);
    expect(await initialLanguage(async () => 'de')).toBe('de');
  });

  it('is English when neither the browser nor the school says', async () => {
    browserSpeaks(['ja']);
    expect(await initialLanguage(async () => undefined)).toBe('en');
  });

  it('keeps a visitor’s own earlier choice above both', async () => {
    browserSpeaks(['fr']);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    expect(await initialLanguage(async () => 'de')).toBe('es');
  });
});

describe('what registration tells the server of the browser', () => {
  it('sends the browser’s zone and languages', () => {
    browserSpeaks(['de-AT', 'en']);
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: 'Europe/Vienna' } as Intl.ResolvedDateTimeFormatOptions);
    expect(browserStartValues()).toEqual({ timezone: 'Europe/Vienna', languages: ['de-AT', 'en'] });
  });
});
