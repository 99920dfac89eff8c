import { EXAM_MSG, MSG, SEB_MSG } from '@exam/shared';
import type { RouteDocs } from '../../openapi/types';

export const sebDocs: RouteDocs = {
  'GET /seb/exams/:id': {
    summary: 'An exam’s Safe Exam Browser file: whether the exam requires SEB, its links and Config Key',
    description:
      'For the exam’s owner, admins and the teachers proctoring its hall. `configUrl` is the file’s public address, `sebUrl` the same as a `sebs://` (or `seb://`) link that opens the exam in SEB, `configKey` the Config Key SEB computes from the file (an LMS or SEB Server may ask for it). The file is made from the exam’s id and the school’s address alone: the same exam always has the same file and key (docs/seb.md).',
    data: '`{ examId, required, configKey, configUrl, sebUrl, startUrl, quitUrl }`',
    errors: { 403: MSG.forbidden, 404: EXAM_MSG.examNotFound },
  },
  'GET /seb/exams/:id/file': {
    summary: 'Download an exam’s .seb file (its staff)',
    description: 'The unencrypted XML property list every SEB reads, named after the exam. Any exam has one; only an exam that requires SEB checks it.',
    produces: 'application/seb',
    errors: { 403: MSG.forbidden, 404: EXAM_MSG.examNotFound },
  },
  'GET /seb/exams/:id/config.seb': {
    summary: 'An SEB exam’s .seb file, without a session (what a sebs:// link opens)',
    description:
      'Public: SEB fetches it without our session. Only an exam that requires SEB has it; it holds no secret, only the exam’s start address, the quit address and the rule that keeps SEB on the school’s own pages. A student outside SEB is offered this address with the 403 “This exam requires Safe Exam Browser” of any call of the exam’s attempt.',
    produces: 'application/seb',
    errors: { 404: SEB_MSG.fileNotFound },
  },
};
