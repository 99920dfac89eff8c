import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compareKeys, configKeyOf, configKeyOfFile, realJson, sebJson } from './configKey';
import { PlistError, PlistReal, parsePlist, readSebFile, writePlist, type PlistDict } from './plist';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** A property list as SEB's configuration tool writes one, around the given body. */
const plist = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n${body}\n</plist>\n`;

const SETTINGS = plist(`<dict>
  <key>startURL</key>
  <string>https://exams.example.org/exam/42?lang=en&amp;x=1</string>
  <key>originatorVersion</key>
  <string>SEB_Win_3.7.1</string>
  <key>allowWLAN</key>
  <true/>
  <key>allowWlan</key>
  <false />
  <key>URLFilterRules</key>
  <array>
    <dict>
      <key>expression</key>
      <string>ws:\\localhost:8706</string>
      <key>active</key>
      <true/>
      <key>action</key>
      <integer>1</integer>
    </dict>
    <dict/>
  </array>
  <key>proxies</key>
  <dict/>
  <key>browserWindowZoom</key>
  <real>1.5</real>
  <key>examKeySalt</key>
  <data>
    AAEC
    /w==
  </data>
  <key>quitURL</key>
  <string/>
</dict>`);

describe('SEB-JSON and the Config Key', () => {
  it('writes the settings the way SEB hashes them: sorted case-insensitively, no originatorVersion or empty dictionary, strings unescaped', () => {
    expect(sebJson(readSebFile(Buffer.from(SETTINGS)))).toBe(
      '{"allowWlan":false,"allowWLAN":true,"browserWindowZoom":1.5,"examKeySalt":"AAEC/w==","quitURL":"",' +
        '"startURL":"https://exams.example.org/exam/42?lang=en&x=1",' +
        '"URLFilterRules":[{"action":1,"active":true,"expression":"ws:\\localhost:8706"},{}]}',
    );
  });

  it('is the SHA-256 of that SEB-JSON, the same with or without originatorVersion', () => {
    const settings = readSebFile(Buffer.from(SETTINGS));
    const key = configKeyOf(settings);
    expect(key).toBe(sha(sebJson(settings)));
    const { originatorVersion, ...without } = settings;
    expect(originatorVersion).toBe('SEB_Win_3.7.1');
    expect(configKeyOf(without)).toBe(key);
  });

  it('changes with any setting a student could change', () => {
    const settings = readSebFile(Buffer.from(SETTINGS));
    expect(configKeyOf({ ...settings, allowWlan: true })).not.toBe(configKeyOf(settings));
  });

  it('reads the file SEB saves (gzip, "plnd", gzip) and a plain gzip file to the same key', () => {
    const xml = Buffer.from(SETTINGS);
    const key = configKeyOfFile(xml);
    expect(configKeyOfFile(gzipSync(Buffer.concat([Buffer.from('plnd'), gzipSync(xml)])))).toBe(key);
    expect(configKeyOfFile(gzipSync(xml))).toBe(key);
  });

  it('refuses an encrypted file with a reason instead of a wrong key', () => {
    expect(() => readSebFile(gzipSync(Buffer.from('pswd' + 'x'.repeat(40))))).toThrow(/encrypted/);
  });

  it('refuses XML that declares entities, and what is not a property list', () => {
    expect(() => parsePlist(`<!DOCTYPE plist [<!ENTITY a "aaaa">]><plist><dict><key>a</key><string>&a;</string></dict></plist>`)).toThrow(PlistError);
    expect(() => parsePlist('<html><body/></html>')).toThrow(/not a property list/);
    expect(() => parsePlist(plist('<dict><key>a</key></dict>'))).toThrow(/no value/);
    expect(() => parsePlist(plist('<dict><key>a</key><string>x</dict>'))).toThrow(/well-formed/);
  });

  it('gives an empty configuration the hash of {} (SEB writes an empty dictionary as {})', () => {
    expect(configKeyOf({})).toBe(sha('{}'));
  });

  it('orders keys as SEB does: case ignored, the lower-case spelling first on a tie', () => {
    expect(['b', 'allowWLAN', 'URLFilterEnable', 'allowWlan', 'a_b', 'ab'].sort(compareKeys)).toEqual(['a_b', 'ab', 'allowWlan', 'allowWLAN', 'b', 'URLFilterEnable']);
  });

  it('writes reals as SEB for Windows does (15 significant digits, E exponent)', () => {
    expect([1, 0.1, 1.5, 1 / 3, 1e-5, 1e20, -0, 123456789012345680].map(realJson)).toEqual(['1', '0.1', '1.5', '0.333333333333333', '1E-05', '1E+20', '0', '1.23456789012346E+17']);
  });

  it('writes a file that reads back to the same settings and the same key', () => {
    const settings: PlistDict = {
      startURL: 'https://exams.example.org/exam/1?a=1&b=<2>',
      allowQuit: true,
      count: 3,
      big: 2n ** 60n,
      zoom: new PlistReal(2),
      salt: new Uint8Array([1, 2, 3]),
      when: new Date('2026-01-02T03:04:05Z'),
      rules: [{ action: 1, active: true, expression: 'exams.example.org', regex: false }],
      empty: [],
    };
    const again = readSebFile(Buffer.from(writePlist(settings)));
    expect(configKeyOf(again)).toBe(configKeyOf(settings));
    expect(again.startURL).toBe(settings.startURL);
    expect(again.big).toBe(2n ** 60n);
  });
});
