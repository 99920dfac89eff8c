import { parse } from 'csv-parse/sync';
import { IMPORT_COLUMNS, MAX_IMPORT_ROWS, MSG, ROLES, SECTIONS, USER_MSG, fillMessage, isUserRole, userEmailSchema, type ImportRow } from '@exam/shared';
import { Errors, withValues } from '../errors';
import { followsChildren, inAClass, teachesSubject } from '../policies/people';

type Column = (typeof IMPORT_COLUMNS)[number];
const REQUIRED = ['firstName', 'lastName', 'email', 'role'] as const satisfies readonly Column[];
/** A required column left empty, in the catalogue's words. */
const MISSING: Record<(typeof REQUIRED)[number], string> = {
  firstName: USER_MSG.firstNameMissing,
  lastName: USER_MSG.lastNameMissing,
  email: USER_MSG.emailMissing,
  role: USER_MSG.roleMissing,
};

/** "First Name", "first_name" and "FIRSTNAME" all name the firstName column. */
const canonical = (h: string) => h.toLowerCase().replace(/[^a-z]/g, '');
const HEADER_BY_KEY = new Map<string, Column>(IMPORT_COLUMNS.map((c) => [canonical(c), c]));
HEADER_BY_KEY.set('parent', 'parentEmail');
HEADER_BY_KEY.set('emailaddress', 'email');

/** Parses the file into rows; a file that is not CSV, or lacks a required column, is a 400. */
export function parseImportCsv(text: string): ImportRow[] {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  const present = new Set<string>();
  try {
    records = parse(text, {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
      columns: (header: string[]) =>
        header.map((h) => {
          const column = HEADER_BY_KEY.get(canonical(h)) ?? `ignored:${h}`;
          present.add(column);
          return column;
        }),
    }) as typeof records;
  } catch (err) {
    throw Errors.badRequest(withValues('users.csvUnreadable', { reason: (err as Error).message }), 'csv');
  }
  const missing = REQUIRED.filter((c) => !present.has(c));
  if (missing.length) throw Errors.badRequest(withValues('users.csvColumns', { columns: IMPORT_COLUMNS.join(', '), missing: missing.join(', ') }), 'csv');
  if (records.length === 0) throw Errors.badRequest(USER_MSG.csvRequired, 'csv');
  if (records.length > MAX_IMPORT_ROWS) throw Errors.badRequest(USER_MSG.csvTooLarge, 'csv');
  return records.map(({ record, info }) => ({
    line: info.lines,
    firstName: record.firstName ?? '',
    lastName: record.lastName ?? '',
    email: (record.email ?? '').toLowerCase(),
    role: (record.role ?? '').toLowerCase(),
    grade: record.grade ?? '',
    section: (record.section ?? '').toUpperCase(),
    subject: record.subject ?? '',
    parentEmail: (record.parentEmail ?? '').toLowerCase(),
    problems: [],
  }));
}

/** What the database already holds for an e-mail address. */
export interface ExistingAccount {
  id: string;
  role: string;
}

/**
 * Fills each row's problems: missing fields, a bad e-mail, an unknown role, a duplicate within
 * the file, an address that already has an account, and a parentEmail that cannot be a parent.
 * Nothing is written; the confirm step runs the same checks again inside its transaction.
 */
export function checkImportRows(rows: ImportRow[], existing: Map<string, ExistingAccount>): ImportRow[] {
  const firstLineOf = new Map<string, number>();
  for (const row of rows) {
    const problems: string[] = [];
    for (const c of REQUIRED) if (!row[c]) problems.push(MISSING[c]);
    if (row.firstName.length > 100 || row.lastName.length > 100) problems.push(USER_MSG.namesTooLong);
    if (row.email && !userEmailSchema.safeParse(row.email).success) problems.push(MSG.emailInvalid);
    if (row.role && !isUserRole(row.role)) problems.push(fillMessage(USER_MSG.roleUnknown, { role: row.role, roles: ROLES.join(', ') }));
    if (row.email) {
      const first = firstLineOf.get(row.email);
      if (first !== undefined) problems.push(fillMessage(USER_MSG.duplicateEmail, { line: first }));
      else firstLineOf.set(row.email, row.line);
      if (existing.has(row.email)) problems.push(MSG.emailTaken);
    }
    if (inAClass(row.role)) {
      if (!row.grade || !row.section) problems.push(MSG.studentFieldsRequired);
      else {
        const grade = Number(row.grade);
        if (!/^\d+$/.test(row.grade) || grade < 1 || grade > 12) problems.push(USER_MSG.gradeInvalid);
        if (!(SECTIONS as readonly string[]).includes(row.section)) problems.push(MSG.sectionInvalid);
      }
    }
    if (teachesSubject(row.role) && !row.subject) problems.push(USER_MSG.subjectRequiredTeacher);
    if (row.subject.length > 100) problems.push(USER_MSG.subjectTooLong);
    if (row.parentEmail) {
      if (!inAClass(row.role)) problems.push(USER_MSG.parentEmailNotStudent);
      else if (!userEmailSchema.safeParse(row.parentEmail).success) problems.push(USER_MSG.parentEmailInvalid);
      else if (row.parentEmail === row.email) problems.push(USER_MSG.parentEmailSame);
      else {
        const holder = existing.get(row.parentEmail);
        if (holder && !followsChildren(holder.role)) problems.push(fillMessage(USER_MSG.parentEmailAccount, { role: holder.role }));
      }
    }
    row.problems = problems;
  }
  // A parentEmail naming another row of the file needs that row to be a valid parent.
  const byEmail = new Map(rows.filter((r) => r.email && firstLineOf.get(r.email) === r.line).map((r) => [r.email, r]));
  for (const row of rows) {
    if (!row.parentEmail || row.problems.length) continue;
    const parentRow = byEmail.get(row.parentEmail);
    if (!parentRow) continue;
    if (!followsChildren(parentRow.role)) row.problems.push(fillMessage(USER_MSG.parentEmailRow, { role: parentRow.role || 'non-parent', line: parentRow.line }));
    else if (parentRow.problems.length) row.problems.push(fillMessage(USER_MSG.parentRowProblems, { line: parentRow.line }));
  }
  return rows;
}

/** Parent addresses valid student rows name that neither an account nor a valid parent row holds. */
export function parentsToCreate(rows: ImportRow[], existing: Map<string, ExistingAccount>): Map<string, ImportRow> {
  const inFile = new Set(rows.filter((r) => followsChildren(r.role) && !r.problems.length).map((r) => r.email));
  const out = new Map<string, ImportRow>();
  for (const row of rows) {
    if (row.problems.length || !row.parentEmail || existing.has(row.parentEmail) || inFile.has(row.parentEmail)) continue;
    if (!out.has(row.parentEmail)) out.set(row.parentEmail, row);
  }
  return out;
}
