import { MSG } from '@exam/shared';
import { describe, expect, it } from 'vitest';
import { translate, translateMessage, translatorFor } from './translator';

describe('the server translator', () => {
  it('writes a catalogue text in the asked language, English for anything unknown', () => {
    expect(translate('de', 'format:days', { count: 3 })).toBe('3 Tage');
    expect(translate('xx', 'format:days', { count: 1 })).toBe('1 day');
    expect(translatorFor('fr', 'format')('justNow')).toBe('À l’instant');
  });

  it('turns a spec text back into its key and translates it; other text stays as it is', () => {
    expect(translateMessage('en', MSG.invalidCredentials)).toBe(MSG.invalidCredentials);
    expect(translateMessage('es', 'Maria Lopez')).toBe('Maria Lopez');
  });
});
