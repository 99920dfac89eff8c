import { i18n } from '../../i18n';

/** Help content: six categories of titled sections, and the FAQ, in the reader's language. */
export type HelpCategoryId = 'getting-started' | 'taking-exams' | 'creating-exams' | 'account-settings' | 'troubleshooting' | 'security';

export interface HelpCategory {
  id: HelpCategoryId;
  title: string;
  sections: { title: string; text: string }[];
}

/** Each category's sections, in order: their words are public:help.categories.<id>.sections.<key>. */
const CATEGORY_SECTIONS: Record<HelpCategoryId, string[]> = {
  'getting-started': ['account', 'dashboard'],
  'taking-exams': ['starting', 'autosave', 'submit'],
  'creating-exams': ['questions', 'rules'],
  'account-settings': ['profile', 'notifications'],
  troubleshooting: ['browsers', 'connection'],
  security: ['integrity', 'account'],
};

/** The FAQ entries, in order: public:help.faq.<key>.question / .answer. */
const FAQ_KEYS = ['autosave', 'timeUp', 'review', 'results', 'browsers', 'parents', 'resetPassword'] as const;

const text = (key: string) => i18n.t(key, { ns: 'public' });

/** The six categories, read at call time in the language on screen. */
export function helpCategories(): HelpCategory[] {
  return (Object.keys(CATEGORY_SECTIONS) as HelpCategoryId[]).map((id) => ({
    id,
    title: text(`help.categories.${id}.title`),
    sections: CATEGORY_SECTIONS[id].map((s) => ({
      title: text(`help.categories.${id}.sections.${s}.title`),
      text: text(`help.categories.${id}.sections.${s}.text`),
    })),
  }));
}

/** The FAQ, read at call time in the language on screen. */
export function faq(): { question: string; answer: string }[] {
  return FAQ_KEYS.map((k) => ({ question: text(`help.faq.${k}.question`), answer: text(`help.faq.${k}.answer`) }));
}

/** FAQ entries whose question or answer contains the query (case-insensitive, in the reader's language). */
export function searchFaq(query: string) {
  const all = faq();
  const q = query.trim().toLocaleLowerCase();
  if (!q) return all;
  return all.filter((f) => f.question.toLocaleLowerCase().includes(q) || f.answer.toLocaleLowerCase().includes(q));
}
