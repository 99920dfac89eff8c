import { DOMParser, type Document, type Element, type Node } from '@xmldom/xmldom';
import { INTEROP_MSG } from '@exam/shared';
import { ImportFileError } from './types';

/**
 * The one way question files are read as XML. A question file never needs a DTD, so a DOCTYPE or
 * an ENTITY declaration is refused before parsing: that closes external entities (XXE) and entity
 * expansion ("billion laughs") whatever the parser would do with them. Malformed XML is refused
 * with the parser's own line and column.
 */
export function parseXml(text: string): Document {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new ImportFileError(INTEROP_MSG.xmlDoctype);
  let failure: string | undefined;
  const parser = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning' && failure === undefined) failure = message;
    },
  });
  let doc: Document;
  try {
    doc = parser.parseFromString(text.replace(/^\uFEFF/, ''), 'text/xml');
  } catch (err) {
    throw ImportFileError.of('xmlMalformed', { detail: detailOf(err instanceof Error ? err.message : String(err)) });
  }
  if (failure !== undefined) throw ImportFileError.of('xmlMalformed', { detail: detailOf(failure) });
  if (!doc.documentElement) throw ImportFileError.of('xmlMalformed', { detail: 'no root element' });
  return doc;
}

/** The parser's message, first line, without its "[xmldom error]" prefix. */
const detailOf = (message: string) => message.replace(/^\[xmldom [a-z]+\]\s*/i, '').split('\n')[0]!.trim().slice(0, 300);

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;
export const CDATA_SECTION_NODE = 4;

/** Element children of a node, optionally only those of a local name (namespace ignored). */
export function childElements(node: Node, localName?: string): Element[] {
  const out: Element[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === ELEMENT_NODE && (localName === undefined || (c as Element).localName === localName)) out.push(c as Element);
  }
  return out;
}

export const firstChild = (node: Node, localName: string): Element | undefined => childElements(node, localName)[0];

/** Every descendant element of a local name, in document order. */
export function descendants(node: Node, localName: string): Element[] {
  const out: Element[] = [];
  const walk = (n: Node) => {
    for (let c = n.firstChild; c; c = c.nextSibling) {
      if (c.nodeType !== ELEMENT_NODE) continue;
      if ((c as Element).localName === localName) out.push(c as Element);
      walk(c);
    }
  };
  walk(node);
  return out;
}

/** The text inside a node (CDATA included). */
export const textOf = (node: Node | undefined | null): string => (node ? (node.textContent ?? '') : '');
