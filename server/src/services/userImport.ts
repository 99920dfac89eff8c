import type { Knex } from 'knex';
import type { ImportPreview, ImportResult, ImportRow, Language } from '@exam/shared';
import { newOpaqueToken } from '../auth/opaqueTokens';
import type { Db } from '../db';
import type { Deps } from '../deps';
import { inAClass, teachesSubject } from '../policies/people';
import { newStudentId } from './accounts';
import { checkImportRows, parentsToCreate, parseImportCsv, type ExistingAccount } from './importCheck';
import { linkMail } from './mail';
import { newSettingsRow, startingSettings } from './settings';

/** An invitation link lasts a week: longer than a reset link, since nobody asked for it. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Invited accounts have no password until they follow their link. This value is not an argon2
 * hash, so no password ever matches it; and it costs nothing to write, which keeps an import of
 * thousands of rows fast (one argon2 hash is ~50 ms).
 */
export const INVITED_PASSWORD_HASH = '!invited';

const CHUNK = 500;

async function existingAccounts(db: Db | Knex.Transaction, emails: string[]): Promise<Map<string, ExistingAccount>> {
  const out = new Map<string, ExistingAccount>();
  const unique = [...new Set(emails.filter(Boolean))];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = (await db('users')
      .whereRaw('lower(email) = any(?)', [unique.slice(i, i + CHUNK)])
      .select('id', 'email', 'role')) as { id: string; email: string; role: string }[];
    for (const r of rows) out.set(r.email.toLowerCase(), { id: r.id, role: r.role });
  }
  return out;
}

async function checkedRows(db: Db | Knex.Transaction, csv: string) {
  const rows = parseImportCsv(csv);
  const existing = await existingAccounts(db, rows.flatMap((r) => [r.email, r.parentEmail]));
  checkImportRows(rows, existing);
  return { rows, existing };
}

/** Step one: what the file would do, row by row, with nothing written. */
export async function previewImport(deps: Deps, csv: string): Promise<ImportPreview> {
  const { rows, existing } = await checkedRows(deps.db, csv);
  const invalidRows = rows.filter((r) => r.problems.length).length;
  return { rows, validRows: rows.length - invalidRows, invalidRows, newParents: parentsToCreate(rows, existing).size };
}

interface Invitation {
  email: string;
  firstName: string;
  token: string;
}

async function insertChunked<T extends object>(trx: Knex.Transaction, table: string, rows: T[], returning?: string[]) {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const q = trx(table).insert(rows.slice(i, i + CHUNK));
    if (returning) out.push(...((await q.returning(returning)) as Record<string, unknown>[]));
    else await q;
  }
  return out;
}

/**
 * Step two: creates every valid row in one transaction (checked again inside it, so an account
 * made since the preview is reported, not duplicated), creates the parent accounts parentEmail
 * names, links each student to their parent as an accepted link, and after the commit mails each
 * new person a single-use link to choose their password (the reset-password page).
 */
/**
 * Imports the rows; invitations are written in the importing admin's language. Nothing is known
 * of the invited people's browsers: their accounts start in the school's language and zone.
 */
export async function confirmImport(deps: Deps, csv: string, language?: Language): Promise<ImportResult> {
  const starting = await startingSettings(deps);
  const { result, invitations } = await deps.db.transaction(async (trx) => {
    const { rows, existing } = await checkedRows(trx, csv);
    const valid = rows.filter((r) => !r.problems.length);
    const newParents = parentsToCreate(rows, existing);

    const userRows = [
      ...valid.map((r) => ({
        email: r.email,
        password_hash: INVITED_PASSWORD_HASH,
        first_name: r.firstName,
        last_name: r.lastName,
        role: r.role,
        grade: inAClass(r.role) ? Number(r.grade) : null,
        section: inAClass(r.role) ? r.section : null,
        subject: teachesSubject(r.role) ? r.subject : null,
        student_id: inAClass(r.role) ? newStudentId() : null,
        // The school vouches for the address; following the invitation proves it anyway.
        is_verified: true,
      })),
      // A parent known only by address gets a placeholder name they can change in their profile.
      ...[...newParents].map(([email, child]) => ({
        email,
        password_hash: INVITED_PASSWORD_HASH,
        first_name: 'Parent',
        last_name: `of ${child.firstName} ${child.lastName}`.slice(0, 100),
        role: 'parent',
        is_verified: true,
      })),
    ];
    const inserted = (await insertChunked(trx, 'users', userRows, ['id', 'email', 'first_name'])) as { id: string; email: string; first_name: string }[];
    const idByEmail = new Map(inserted.map((u) => [u.email, u.id]));
    for (const [email, acc] of existing) idByEmail.set(email, acc.id);

    await insertChunked(trx, 'user_settings', inserted.map((u) => newSettingsRow(u.id, starting)));

    const links = await acceptedLinks(trx, valid, idByEmail);
    if (links.length) await insertChunked(trx, 'parent_children', links);

    const invitations: Invitation[] = [];
    const tokens = inserted.map((u) => {
      const { token, hash } = newOpaqueToken();
      invitations.push({ email: u.email, firstName: u.first_name, token });
      return { user_id: u.id, purpose: 'reset_password', token_hash: hash, expires_at: new Date(Date.now() + INVITATION_TTL_MS) };
    });
    await insertChunked(trx, 'one_time_tokens', tokens);

    const result: ImportResult = {
      created: valid.length,
      skipped: rows.length - valid.length,
      parentsCreated: newParents.size,
      linked: links.length,
      invited: invitations.length,
      rows: rows.filter((r) => r.problems.length),
    };
    return { result, invitations };
  });
  deps.mailer.sendManyInBackground(invitations.map((inv) => invitationMail(deps, inv, language)));
  return result;
}

/**
 * Links made by the school's own records need no confirmation from the student. When the link
 * table has the request flow's status column (migration 20261123050100, whose default for a new
 * row is 'pending'), the link is written as accepted and answered now.
 */
async function acceptedLinks(trx: Knex.Transaction, rows: ImportRow[], idByEmail: Map<string, string>) {
  const withStatus = await trx.schema.hasColumn('parent_children', 'status');
  const seen = new Set<string>();
  const links: Record<string, unknown>[] = [];
  for (const r of rows) {
    if (!r.parentEmail) continue;
    const parentId = idByEmail.get(r.parentEmail);
    const childId = idByEmail.get(r.email);
    if (!parentId || !childId || seen.has(`${parentId}:${childId}`)) continue;
    seen.add(`${parentId}:${childId}`);
    links.push({ parent_id: parentId, child_id: childId, relationship: 'parent', ...(withStatus ? { status: 'accepted', responded_at: new Date() } : {}) });
  }
  return links;
}

function invitationMail(deps: Deps, inv: Invitation, language: string | undefined) {
  return linkMail({
    to: inv.email,
    name: inv.firstName,
    language,
    kind: 'invitation',
    link: `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(inv.token)}`,
  });
}
