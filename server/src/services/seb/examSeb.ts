import { SEB_MSG, SEB_QUIT_PATH, type SebExamFile } from '@exam/shared';
import type { Deps } from '../../deps';
import { Errors } from '../../errors';
import type { Viewer } from '../../policies';
import { getExamFor } from '../exams';
import { examSebFile, examStartUrl, sebLinks } from './examFile';

/** What an exam's staff see of its SEB file, with the file itself. */
export interface StaffSebFile {
  view: SebExamFile;
  xml: string;
  /** A file name for the download: the exam's title, kept to safe characters. */
  fileName: string;
}

/** Read as the request check reads it (requestCheck.ts): the stored flag, absent in exams made before it. */
const requiresSeb = (settings: unknown) => (settings as { requireSeb?: unknown } | null)?.requireSeb === true;

/** The exam's title in letters, digits, dashes and underscores, as the download's name. */
function fileNameOf(title: string): string {
  const name = title
    .replace(/[^\p{L}\p{N} _-]+/gu, '')
    .trim()
    .replace(/\s+/g, '-');
  return `${name.slice(0, 80) || 'exam'}.seb`;
}

/**
 * The exam's `.seb` file for those who run its hall (the owner, admins, its proctors): to hand to
 * students, put on a school's USB sticks or check the Config Key an LMS asks for. Any exam has
 * one; only an exam that requires SEB checks it.
 */
export async function staffSebFile(deps: Deps, viewer: Viewer, examId: string): Promise<StaffSebFile> {
  const exam = await getExamFor(deps.db, viewer, examId, 'proctor');
  const { publicUrl } = deps.config;
  const { xml, configKey } = examSebFile(exam.id, publicUrl);
  return {
    view: {
      ...sebLinks(exam.id, publicUrl),
      required: requiresSeb(exam.settings),
      configKey,
      startUrl: examStartUrl(exam.id, publicUrl),
      quitUrl: `${publicUrl}${SEB_QUIT_PATH}`,
    },
    xml,
    fileName: fileNameOf(exam.title),
  };
}

/**
 * The file SEB fetches from a `sebs://` link, without our session: only for an exam that requires
 * SEB (anything else is "not found", so the address says nothing about other exams). It holds no
 * secret and nothing about the exam but its address.
 */
export async function publicSebFile(deps: Deps, examId: string): Promise<string> {
  const row = (await deps.db('exams').where({ id: examId }).first('id', 'settings')) as { id: string; settings: unknown } | undefined;
  if (!row || !requiresSeb(row.settings)) throw Errors.notFound(SEB_MSG.fileNotFound);
  return examSebFile(row.id, deps.config.publicUrl).xml;
}
