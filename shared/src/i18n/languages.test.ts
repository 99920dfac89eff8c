import { describe, expect, it } from 'vitest';
import { firstSupported, negotiateLanguage } from './languages';

describe('choosing a language', () => {
  it('follows Accept-Language by weight, by primary subtag', () => {
    expect(negotiateLanguage('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(negotiateLanguage('ja, de;q=0.5, es;q=0.7')).toBe('es');
    expect(negotiateLanguage('de-AT')).toBe('de');
  });

  it('falls back to English for nothing we speak, a missing header or q=0', () => {
    expect(negotiateLanguage('ja,zh;q=0.9')).toBe('en');
    expect(negotiateLanguage(undefined)).toBe('en');
    expect(negotiateLanguage('es;q=0')).toBe('en');
  });

  it('reads a browser language list', () => {
    expect(firstSupported(['pt-BR', 'es-MX', 'en'])).toBe('es');
    expect(firstSupported(['pt'])).toBeUndefined();
  });
});
