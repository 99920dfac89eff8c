import { MSG } from '@exam/shared';
import { describe, expect, it } from 'vitest';
import { translate, translateMessage, translatorFor } from './translator';

describe('the server translator', () => {
  it('writes a catalogue text in the asked language, English for anything unknown', () => {
    expect(translate('de', 'format:days', { count: 3 })).toBe('3 Tage');
    expect(translate('xx', 'format:days', { count: 1 })).toBe('1 day');
    expect(translatorFor('fr', 'format')('justNow')).toBe('À l’instant');
  });

  it('writes the same text again exactly, never one remembered for another language, namespace, value or count', () => {
    for (let round = 0; round < 3; round++) {
      expect(translate('de', 'format:days', { count: 3 })).toBe('3 Tage');
      expect(translate('de', 'format:days', { count: 1 })).toBe('1 Tag');
      expect(translate('en', 'format:days', { count: 3 })).toBe('3 days');
      expect(translatorFor('fr', 'format')('justNow')).toBe('À l’instant');
      expect(translatorFor('en', 'format')('justNow')).toBe('Just now');
      expect(translate('fr', 'emails:greeting', { name: `Ana ${round}` })).toContain(`Ana ${round}`);
      // More distinct texts than are remembered: the remembered ones are let go, not mixed up.
      for (let i = 0; i < 1500; i++) expect(translate('es', 'format:days', { count: 10 + i })).toBe(`${10 + i} días`);
    }
  });

  it('turns a catalogue text back into its key and translates it; other text stays as it is', () => {
    expect(translateMessage('en', MSG.invalidCredentials)).toBe(MSG.invalidCredentials);
    expect(translateMessage('es', 'Maria Lopez')).toBe('Maria Lopez');
  });
});

describe('translating an answer', () => {
  it('translates texts with values, and a body’s message and field errors, leaving English untouched', async () => {
    const { translateBody } = await import('./translator');
    expect(translateMessage('de', 'Extend by at most 120 minutes')).toBe('Verlängern Sie um höchstens 120 Minuten');
    expect(translateMessage('fr', '1 user(s) imported')).toBe('1 utilisateur importé');
    expect(translateMessage('es', '3 user(s) imported')).toBe('3 usuarios importados');
    const body = { success: false, message: MSG.emailRequired, errors: [{ field: 'email', msg: MSG.emailRequired }] };
    expect(translateBody('en', body)).toBe(body);
    const es = translateBody('es', body);
    expect(es).toEqual({ success: false, message: 'El correo electrónico es obligatorio', errors: [{ field: 'email', msg: 'El correo electrónico es obligatorio' }] });
    expect(body.message).toBe(MSG.emailRequired);
    expect(translateBody('fr', 'plain text')).toBe('plain text');
  });

  it('keeps names, titles and figures as they are inside a translated line', () => {
    expect(translateMessage('fr', 'Maria Lopez scored 85% (B) on Algebra: part 1')).toBe('Maria Lopez a obtenu 85 % (B) à Algebra: part 1');
    expect(translateMessage('de', 'Duplicate e-mail: also on line 3')).toBe('Doppelte E-Mail-Adresse: steht auch in Zeile 3');
    expect(translateMessage('es', 'Unknown role "pupil" (use admin, teacher, student, parent)')).toBe('Rol desconocido «pupil» (usa admin, teacher, student, parent)');
  });
});
