import { SaxesParser } from 'saxes';
import { INTEROP_MSG } from '@exam/shared';
import { ImportFileError } from './types';

/** How much of a file is read between two turns of the event loop. */
const SLICE_CHARS = 64 * 1024;

/** The file's root element name and the source text of each of its child elements. */
export interface XmlChildren {
  root: string;
  /** Each child element of the root, in order, as its own XML text (`<question …>…</question>`). */
  children: { name: string; xml: string }[];
}

/**
 * Splits an XML file into its root's child elements without building the whole document. A bank
 * of thousands of questions, parsed whole as a DOM, held a quarter of a gigabyte and kept the
 * node's event loop busy for seconds, stalling every student's save on that node; read this way
 * (saxes, a streaming parser, in slices with a turn of the event loop between them) the file is
 * checked for well-formedness as a whole and each child is then parsed on its own. DOCTYPE and
 * ENTITY declarations are refused first, as parseXml does.
 */
export async function xmlChildren(text: string): Promise<XmlChildren> {
  const source = text.replace(/^\uFEFF/, '');
  if (/<!DOCTYPE|<!ENTITY/i.test(source)) throw new ImportFileError(INTEROP_MSG.xmlDoctype);
  const parser = new SaxesParser({ position: true });
  let failure: string | undefined;
  let depth = 0;
  let root = '';
  let start = -1;
  let childName = '';
  const children: XmlChildren['children'] = [];
  parser.on('error', (err) => {
    failure ??= err.message;
  });
  parser.on('opentagstart', (tag) => {
    if (depth === 0) root = tag.name;
    // The tag's '<' is the last one before the name the parser has just read.
    if (depth === 1) {
      start = source.lastIndexOf('<', parser.position - 1);
      childName = tag.name;
    }
  });
  parser.on('opentag', (tag) => {
    depth++;
    if (tag.isSelfClosing) closeTag();
  });
  parser.on('closetag', (tag) => {
    if (!tag.isSelfClosing) closeTag();
  });
  function closeTag() {
    depth--;
    if (depth === 1 && start >= 0) {
      children.push({ name: childName, xml: source.slice(start, parser.position) });
      start = -1;
    }
  }
  for (let at = 0; at < source.length && failure === undefined; at += SLICE_CHARS) {
    parser.write(source.slice(at, at + SLICE_CHARS));
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (failure === undefined) parser.close();
  if (failure !== undefined) throw ImportFileError.of('xmlMalformed', { detail: failure.split('\n')[0]!.slice(0, 300) });
  if (!root) throw ImportFileError.of('xmlMalformed', { detail: 'no root element' });
  return { root, children };
}
