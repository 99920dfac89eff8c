import { describe, expect, it } from 'vitest';
import de from '../../locales/de/account.json';
import en from '../../locales/en/account.json';
import es from '../../locales/es/account.json';
import fr from '../../locales/fr/account.json';
import { EXAM_SHORTCUTS, shortcutFor } from '../exam-taking/examPreferences';

const press = (key: string, altKey = false) => shortcutFor({ key, altKey, ctrlKey: false, metaKey: false, target: null });

describe('Settings → Exam Settings, keyboard shortcuts', () => {
  it.each([
    ['en', en],
    ['de', de],
    ['es', es],
    ['fr', fr],
  ])('names in %s the plain keys the exam takes, no Alt', (_lng, catalogue) => {
    const text = (catalogue as typeof en).settings.exam.enableKeyboardShortcuts.description;
    expect(text).not.toMatch(/Alt\s*\+/);
    for (const { key } of EXAM_SHORTCUTS) {
      expect(text).toMatch(new RegExp(`(^|[\\s,])${key}\\s`));
      // What the text says is what the exam does: the plain key acts, with Alt it does not.
      expect(press(key)).not.toBeNull();
      expect(press(key, true)).toBeNull();
    }
  });
});
