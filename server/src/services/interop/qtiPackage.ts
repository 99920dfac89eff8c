import { posix } from 'node:path';
import type { Element } from '@xmldom/xmldom';
import { INTEROP_MSG } from '@exam/shared';
import { parseXml, childElements, descendants, textOf } from './xml';
import { NOT_QTI, readQtiItem } from './qti';
import { readZip } from './zip';
import { ImportFileError, type ParsedItem } from './types';

const ITEM_RESOURCE = /^imsqti_(apip)?item_xmlv(2p1|2p2|3p0)$/;
const TEST_RESOURCE = /^imsqti_(apip)?test_xmlv(2p1|2p2|3p0)$/;

const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;

/** A QTI file as uploaded: a content package (zip) or a single item's XML. */
export async function parseQti(bytes: Buffer): Promise<ParsedItem[]> {
  if (isZip(bytes)) return parseQtiPackage(bytes);
  const doc = parseXml(bytes.toString('utf8'));
  return [readQtiItem(doc)];
}

/** A path inside the package from an href relative to a folder of it; undefined when it leaves the package or is a URL. */
export function packagePath(folder: string, href: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('/')) return undefined;
  let decoded = href.split(/[?#]/)[0]!;
  try {
    decoded = decodeURI(decoded);
  } catch {
    // An href that is not valid percent-encoding is taken as written.
  }
  const joined = posix.normalize(posix.join(folder, decoded));
  return joined.startsWith('../') || joined === '..' ? undefined : joined.replace(/^\.\//, '');
}

/** The manifest: at the package's root, or in its one top folder when the package was zipped as a folder. */
function findManifest(files: Map<string, Buffer>): string {
  if (files.has('imsmanifest.xml')) return 'imsmanifest.xml';
  const nested = [...files.keys()].filter((p) => /^[^/]+\/imsmanifest\.xml$/.test(p));
  if (nested.length === 1) return nested[0]!;
  throw new ImportFileError(INTEROP_MSG.manifestMissing);
}

/** The keywords a resource's LOM metadata gives it (our exporter writes the question's tags there). */
function keywordsOf(resource: Element): string[] {
  const out: string[] = [];
  for (const meta of childElements(resource, 'metadata')) {
    for (const keyword of descendants(meta, 'keyword')) {
      const strings = descendants(keyword, 'string');
      for (const s of strings.length ? strings : [keyword]) {
        const t = textOf(s).trim();
        if (t) out.push(t);
      }
    }
  }
  return out;
}

/**
 * A QTI content package's items, in the order its test gives them (else the manifest's), each
 * read with its pictures from the package. An item that cannot be read is reported as that item's
 * error; a package without a manifest, or that is not a safe zip, is refused whole.
 */
export async function parseQtiPackage(bytes: Buffer): Promise<ParsedItem[]> {
  const files = readZip(bytes);
  const manifestPath = findManifest(files);
  const root = posix.dirname(manifestPath) === '.' ? '' : posix.dirname(manifestPath);
  const manifest = parseXml(files.get(manifestPath)!.toString('utf8'));
  const resources = descendants(manifest.documentElement!, 'resource');
  const hrefOf = (r: Element) => packagePath(posix.join(root, r.getAttribute('xml:base') ?? ''), r.getAttribute('href') ?? '');

  const items = resources.filter((r) => ITEM_RESOURCE.test(r.getAttribute('type') ?? ''));
  const order = testOrder(files, resources, hrefOf);
  const position = (r: Element) => {
    const i = order.indexOf(hrefOf(r) ?? '');
    return i === -1 ? order.length : i;
  };
  const ordered = items.map((r, i) => ({ r, i })).sort((a, b) => position(a.r) - position(b.r) || a.i - b.i);

  const read: ParsedItem[] = [];
  // A turn of the event loop every few items: a package of thousands must not stall the exams on this node.
  for (const [n, { r }] of ordered.entries()) {
    if (n % 20 === 19) await new Promise((resolve) => setImmediate(resolve));
    read.push(readResource(r));
  }
  return read;

  function readResource(r: Element): ParsedItem {
    const path = hrefOf(r);
    const source = path ?? r.getAttribute('href') ?? r.getAttribute('identifier') ?? '';
    const refused = (message: string): ParsedItem => ({ title: source, source, categories: [], images: [], warnings: [], error: message });
    if (!path || !files.has(path)) return refused(`The package lists ${source} but does not hold it`);
    const folder = posix.dirname(path);
    try {
      const item = readQtiItem(parseXml(files.get(path)!.toString('utf8')), {
        source: path,
        resolveImage: (href) => {
          const at = packagePath(folder, href);
          return at === undefined ? undefined : files.get(at);
        },
      });
      const tags = keywordsOf(r);
      if (tags.length && item.draft) item.draft.tags = [...(item.draft.tags ?? []), ...tags];
      return item;
    } catch (err) {
      if (err instanceof ImportFileError) return refused(err.message === NOT_QTI ? `${source} is not a QTI item` : err.message);
      throw err;
    }
  }
}

/** The item paths in the order the package's test lists them; empty when it has none we can read. */
function testOrder(files: Map<string, Buffer>, resources: Element[], hrefOf: (r: Element) => string | undefined): string[] {
  const test = resources.find((r) => TEST_RESOURCE.test(r.getAttribute('type') ?? ''));
  const path = test && hrefOf(test);
  const body = path && files.get(path);
  if (!body) return [];
  try {
    const doc = parseXml(body.toString('utf8'));
    const v2 = descendants(doc, 'assessmentItemRef');
    const refs = v2.length ? v2 : descendants(doc, 'qti-assessment-item-ref');
    return refs.map((ref) => packagePath(posix.dirname(path), ref.getAttribute('href') ?? '')).filter((p): p is string => !!p);
  } catch {
    // The test only orders the items; one we cannot read leaves the manifest's order.
    return [];
  }
}
