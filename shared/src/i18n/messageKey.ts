import messages from '../locales/en/messages.json' with { type: 'json' };

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix: string, into: Map<string, string>): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      // Two keys may share an English text; the first one names it.
      if (!into.has(value)) into.set(value, path);
    } else flatten(value, path, into);
  }
  return into;
}

const keyOfText = flatten(messages as Tree, '', new Map());

/**
 * The `messages` key of an English text. Schemas shared by web and server carry the
 * English words as their messages; whoever shows one to a reader turns it back into its key and
 * translates it. A text we do not know (a name, a value) has no key and is shown as it is.
 */
export function messageKeyOf(text: string): string | undefined {
  return keyOfText.get(text);
}
