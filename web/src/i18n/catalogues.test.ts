import { LANGUAGES } from '@exam/shared';
import { describe, expect, it } from 'vitest';
import de from './bundles/de';
import en from './bundles/en';
import es from './bundles/es';
import fr from './bundles/fr';
import type { Bundle } from './bundle';

const bundles: Record<string, Bundle> = { en, es, fr, de };
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every leaf of a catalogue as 'ns:a.b.c', with its text. */
function leaves(bundle: Bundle): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') out.set(path, node);
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, path.endsWith(':') ? `${path}${k}` : `${path}.${k}`);
  };
  for (const [ns, tree] of Object.entries(bundle)) walk(tree, `${ns}:`);
  return out;
}

/** Keys with their plural suffix taken off: the words each language must have. */
const baseKeys = (bundle: Bundle) => new Set([...leaves(bundle).keys()].map((k) => k.replace(PLURAL, '')));

describe('translation catalogues', () => {
  const english = baseKeys(en);

  it('exist for every language the settings offer', () => {
    expect(Object.keys(bundles).sort()).toEqual([...LANGUAGES].sort());
    for (const lang of LANGUAGES) expect(Object.keys(bundles[lang]!).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every key English has, and no other', (lang) => {
    const keys = baseKeys(bundles[lang]!);
    expect([...english].filter((k) => !keys.has(k)), 'missing').toEqual([]);
    expect([...keys].filter((k) => !english.has(k)), 'not in English').toEqual([]);
  });

  it.each([...LANGUAGES])('%s has each plural form its language needs', (lang) => {
    const all = leaves(bundles[lang]!);
    const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    const plurals = new Set([...all.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
    const missing = [...plurals].flatMap((base) => categories.filter((c) => !all.has(`${base}_${c}`)).map((c) => `${base}_${c}`));
    expect(missing).toEqual([]);
  });

  it.each([...LANGUAGES])('%s keeps the placeholders of the English text', (lang) => {
    const english = leaves(en);
    const placeholders = (text: string) => new Set([...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).filter((p) => p !== 'count'));
    const wrong: string[] = [];
    for (const [key, text] of leaves(bundles[lang]!)) {
      const source = english.get(key) ?? english.get(key.replace(PLURAL, '_other'));
      if (source === undefined) continue;
      const want = placeholders(source);
      const have = placeholders(text);
      if ([...want].some((p) => !have.has(p)) || [...have].some((p) => !want.has(p))) wrong.push(key);
    }
    expect(wrong).toEqual([]);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has no English sentence left untranslated', (lang) => {
    const english = leaves(en);
    // Names and single words may be the same in two languages ('Contact', 'Notifications'); a
    // sentence of three words or more never is.
    const words = (text: string) => text.replace(/\{\{[^}]*\}\}/g, ' ').match(/\p{L}{2,}/gu) ?? [];
    const copied = [...leaves(bundles[lang]!)].filter(([key, text]) => english.get(key) === text && words(text).length >= 3).map(([key]) => key);
    expect(copied).toEqual([]);
  });

  it('has no empty text', () => {
    for (const lang of LANGUAGES) expect([...leaves(bundles[lang]!)].filter(([, text]) => !text.trim()).map(([k]) => `${lang} ${k}`)).toEqual([]);
  });
});
