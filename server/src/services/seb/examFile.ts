import { SEB_QUIT_PATH, sebConfigPath, sebLink, type SebLinks } from '@exam/shared';
import { configKeyOf } from './configKey';
import { writePlist, type PlistDict } from './plist';

/**
 * An exam's `.seb` file: made from the exam's id and the school's public address alone, so the
 * same exam always gets the same file and the same Config Key, nothing is stored, and the file
 * holds no secret (SEB fetches it without our session). Settings not named here keep SEB's
 * defaults; docs/seb.md says what each one is for.
 */
export function examSebSettings(examId: string, publicUrl: string): PlistDict {
  const origin = new URL(publicUrl);
  return {
    // 0: this file starts an exam; it does not reconfigure the student's SEB for good.
    sebConfigPurpose: 0,
    startURL: examStartUrl(examId, publicUrl),
    // SEB quits when a page goes here: the button after submission, and the teacher's end of the exam.
    quitURL: `${publicUrl}${SEB_QUIT_PATH}`,
    quitURLConfirm: true,
    // Without a quit password a student can leave SEB: the exam is saved and resumes where it was.
    allowQuit: true,
    // SEB adds X-SafeExamBrowser-ConfigKeyHash and -RequestHash to each request, which the server checks.
    sendBrowserExamKey: true,
    // Only our own pages: the leading dot means exactly this host, not its subdomains.
    URLFilterEnable: true,
    URLFilterEnableContentFilter: false,
    URLFilterRules: [{ action: 1, active: true, expression: `${origin.protocol}//.${origin.hostname}${origin.port ? `:${origin.port}` : ''}/*`, regex: false }],
    // The student signs in inside SEB; nothing of an earlier session is kept, on the way in or out.
    examSessionClearCookiesOnStart: true,
    examSessionClearCookiesOnEnd: true,
    // A reload resumes the attempt where it was (the server keeps everything), so it stays possible.
    browserWindowAllowReload: true,
    showReloadButton: true,
    allowBrowsingBackForward: false,
    allowSpellCheck: false,
    allowDictionaryLookup: false,
    allowDownUploads: false,
    allowPDFPlugIn: false,
    // The exam's camera and microphone checks ask for them; SEB refuses them unless allowed here.
    allowVideoCapture: true,
    allowAudioCapture: true,
    allowScreenSharing: false,
    allowVirtualMachine: false,
  };
}

export const examStartUrl = (examId: string, publicUrl: string) => `${publicUrl}/exam/${encodeURIComponent(examId)}`;

/** The exam's `.seb` file (an unencrypted XML property list, which every SEB reads) and its Config Key. */
export function examSebFile(examId: string, publicUrl: string): { xml: string; configKey: string } {
  const settings = examSebSettings(examId, publicUrl);
  return { xml: writePlist(settings), configKey: configKeyOf(settings) };
}

/** The Config Key of the exam's file, which SEB hashes into each request's header. */
export const examConfigKey = (examId: string, publicUrl: string) => configKeyOf(examSebSettings(examId, publicUrl));

/** Where the exam's file is, as a download and as a link that opens SEB. */
export function sebLinks(examId: string, publicUrl: string): SebLinks {
  const configUrl = `${publicUrl}${sebConfigPath(examId)}`;
  return { examId, configUrl, sebUrl: sebLink(configUrl) };
}
