import { describe, expect, it } from 'vitest';
import { parseQti, parseQtiPackage } from './qtiPackage';
import { writeZip } from './zip';
import { ImportFileError } from './types';

const NS3 = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
const NS21 = 'http://www.imsglobal.org/xsd/imsqti_v2p1';

const item3 = (id: string, question: string, picture = '') => `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="${NS3}" identifier="${id}" title="${question}" adaptive="false" time-dependent="false">
  <qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier">
    <qti-correct-response><qti-value>Y</qti-value></qti-correct-response>
  </qti-response-declaration>
  <qti-item-body>
    <p>${question}</p>${picture}
    <qti-choice-interaction response-identifier="RESPONSE" max-choices="1">
      <qti-simple-choice identifier="Y">Yes</qti-simple-choice>
      <qti-simple-choice identifier="N">No</qti-simple-choice>
    </qti-choice-interaction>
  </qti-item-body>
</qti-assessment-item>`;

const resource = (id: string, href: string, extra = '') => `<resource identifier="${id}" type="imsqti_item_xmlv3p0" href="${href}">${extra}<file href="${href}"/></resource>`;
const manifest = (resources: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" xmlns:imsmd="http://ltsc.ieee.org/xsd/LOM" identifier="m"><organizations/><resources>${resources}</resources></manifest>`;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const JPG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 4, 5, 6]);

describe('parseQtiPackage', () => {
  it('reads the items in the order the test gives, pictures from the item folder, tags from the manifest keywords', async () => {
    const keywords = '<metadata><imsmd:lom><imsmd:general><imsmd:keyword><imsmd:string>Biology</imsmd:string></imsmd:keyword></imsmd:general></imsmd:lom></metadata>';
    const pkg = writeZip({
      'imsmanifest.xml': manifest(
        resource('first', 'items/a.xml', keywords) +
          resource('second', 'items/b.xml') +
          '<resource identifier="t" type="imsqti_test_xmlv3p0" href="tests/test.xml"><file href="tests/test.xml"/></resource>',
      ),
      'tests/test.xml': `<qti-assessment-test xmlns="${NS3}" identifier="t" title="t"><qti-test-part identifier="p" navigation-mode="linear" submission-mode="individual"><qti-assessment-section identifier="s" title="s" visible="true">
        <qti-assessment-item-ref identifier="second" href="../items/b.xml"/><qti-assessment-item-ref identifier="first" href="../items/a.xml"/></qti-assessment-section></qti-test-part></qti-assessment-test>`,
      'items/a.xml': item3('a', 'Is a cell the unit of life?', '<p><img src="media/cell.png" alt=""/><img src="../shared/extra.jpg" alt=""/></p>'),
      'items/b.xml': item3('b', 'Do plants photosynthesise?'),
      'items/media/cell.png': PNG,
      'shared/extra.jpg': JPG,
    });
    const items = await parseQtiPackage(pkg);
    expect(items.map((i) => i.source)).toEqual(['items/b.xml', 'items/a.xml']);
    const a = items[1]!;
    expect(a.error).toBeUndefined();
    expect(a.draft!.text).toBe('Is a cell the unit of life?');
    expect(a.draft!.tags).toEqual(['Biology']);
    expect(a.images.map((i) => [i.name, i.bytes.equals(i.name.endsWith('.png') ? PNG : JPG)])).toEqual([
      ['media/cell.png', true],
      ['../shared/extra.jpg', true],
    ]);
  });

  it('reads a 2.1 package zipped as a folder, in manifest order', async () => {
    const item21 = (id: string) => `<assessmentItem xmlns="${NS21}" identifier="${id}" title="${id}" adaptive="false" timeDependent="false">
      <responseDeclaration identifier="RESPONSE" cardinality="single" baseType="string"/>
      <itemBody><extendedTextInteraction responseIdentifier="RESPONSE"><prompt>Write about ${id} in a paragraph.</prompt></extendedTextInteraction></itemBody></assessmentItem>`;
    const pkg = writeZip({
      'export/imsmanifest.xml': `<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="m"><resources>
        <resource identifier="x" type="imsqti_item_xmlv2p1" href="x.xml"/><resource identifier="y" type="imsqti_item_xmlv2p1" href="y.xml"/></resources></manifest>`,
      'export/x.xml': item21('volcanoes'),
      'export/y.xml': item21('glaciers'),
    });
    expect((await parseQti(pkg)).map((i) => [i.source, i.draft?.type, i.draft?.text])).toEqual([
      ['export/x.xml', 'essay', 'Write about volcanoes in a paragraph.'],
      ['export/y.xml', 'essay', 'Write about glaciers in a paragraph.'],
    ]);
  });

  it('reports an item it cannot read, or does not find, as that item, and reads the rest', async () => {
    const pkg = writeZip({
      'imsmanifest.xml': manifest(resource('ok', 'ok.xml') + resource('broken', 'broken.xml') + resource('gone', 'gone.xml') + resource('other', 'other.xml')),
      'ok.xml': item3('ok', 'Is water wet at room temperature?'),
      'broken.xml': '<qti-assessment-item xmlns="' + NS3 + '"><qti-item-body>',
      'other.xml': '<quiz/>',
    });
    const items = await parseQtiPackage(pkg);
    expect(items.map((i) => [i.source, i.error === undefined])).toEqual([
      ['ok.xml', true],
      ['broken.xml', false],
      ['gone.xml', false],
      ['other.xml', false],
    ]);
    expect(items[1]!.error).toMatch(/^The file is not well-formed XML/);
    expect(items[2]!.error).toBe('The package lists gone.xml but does not hold it');
    expect(items[3]!.error).toBe('other.xml is not a QTI item');
  });

  it('refuses a package without a manifest, and one with a name leaving the package', async () => {
    await expect(parseQtiPackage(writeZip({ 'item.xml': item3('a', 'Is this a question?') }))).rejects.toThrow(new ImportFileError('The package has no imsmanifest.xml'));
    const evil = writeZip({ 'imsmanifest.xml': manifest(''), '../../etc/cron.d/job': 'x' });
    await expect(parseQti(evil)).rejects.toThrow('The package holds a file whose name leaves the package: ../../etc/cron.d/job');
  });

  it('reads a single item file given on its own', async () => {
    const items = await parseQti(Buffer.from(item3('solo', 'Is the Earth round?')));
    expect(items).toHaveLength(1);
    expect(items[0]!.source).toBe('item solo');
    expect(items[0]!.draft!.correctAnswer).toBe('Yes');
  });
});
