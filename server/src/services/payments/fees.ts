import { EXAM_MSG, PAYMENT_MSG, type CardBrand, type FeeStatus, type IssueFeeInput, type issueFeeSchema } from '@exam/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { Errors } from '../../errors';
import { mayPayFee, mayReadFee, scopeFees } from '../../policies/fees';
import type { Viewer } from '../../policies';
import type { FeeRow } from '../../presenters/fee';
import { createPayment, type CreatedPayment } from './payments';
import type { PaymentGateway } from './provider';

type IssueFee = z.output<typeof issueFeeSchema>;
export type { IssueFeeInput };

/** The active students a fee's recipients name, read when it is issued. */
async function recipients(deps: Deps, target: IssueFee['target']): Promise<string[]> {
  const students = () => deps.db('users').where({ role: 'student', is_active: true }).whereNull('deleted_at');
  if (target.kind === 'students') return (await students().whereIn('id', target.studentIds).pluck('id')) as string[];
  if (target.kind === 'class') {
    const q = students().where({ grade: target.grade });
    if (target.section) q.where({ section: target.section });
    return (await q.pluck('id')) as string[];
  }
  const exam = (await deps.db('exams').where({ id: target.examId }).first('id', 'grade')) as { id: string; grade: number } | undefined;
  if (!exam) throw Errors.badRequest(EXAM_MSG.examNotFound, 'target.examId');
  // The exam's students: its list when it has one, else every student of its grade (as the catalogue reads it).
  const listed = (await deps.db('exam_eligible_students').where({ exam_id: exam.id }).pluck('student_id')) as string[];
  return (await (listed.length ? students().whereIn('id', listed) : students().where({ grade: exam.grade })).pluck('id')) as string[];
}

/** Issues a fee to its recipients, all of them or none. Returns the fee's id and how many students owe it. */
export async function issueFee(deps: Deps, adminId: string, input: IssueFee): Promise<{ feeId: string; assigned: number }> {
  const studentIds = await recipients(deps, input.target);
  if (!studentIds.length) throw Errors.badRequest(PAYMENT_MSG.feeNoStudents, 'target');
  const t = input.target;
  return deps.db.transaction(async (trx) => {
    const [fee] = (await trx('fees')
      .insert({
        title: input.title,
        amount_cents: Math.round(input.amount * 100),
        currency: deps.config.payments.currency,
        due_date: input.dueDate,
        target_kind: t.kind,
        target_grade: t.kind === 'class' ? t.grade : null,
        target_section: t.kind === 'class' ? (t.section ?? null) : null,
        target_exam_id: t.kind === 'exam' ? t.examId : null,
        created_by: adminId,
      })
      .returning('id')) as { id: string }[];
    await trx.batchInsert('fee_assignments', studentIds.map((student_id) => ({ fee_id: fee!.id, student_id })), 500);
    return { feeId: fee!.id, assigned: studentIds.length };
  });
}

/** Fee rows with what the presenter shows. */
function feeRows(deps: Deps) {
  return deps
    .db('fee_assignments as fa')
    .join('fees as f', 'f.id', 'fa.fee_id')
    .join('users as s', 's.id', 'fa.student_id')
    .leftJoin('users as pb', 'pb.id', 'fa.paid_by')
    .leftJoin('exams as e', 'e.id', 'f.target_exam_id')
    .select(
      'fa.id',
      'fa.fee_id',
      'fa.student_id',
      'fa.status',
      'fa.paid_at',
      'fa.payment_id',
      'fa.paid_by',
      'fa.created_at',
      'f.title',
      'f.amount_cents',
      'f.currency',
      deps.db.raw("to_char(f.due_date, 'YYYY-MM-DD') as due_date"),
      'f.target_kind',
      'f.target_grade',
      'f.target_section',
      'f.target_exam_id',
      'e.title as exam_title',
      's.first_name as student_first_name',
      's.last_name as student_last_name',
      'pb.first_name as payer_first_name',
      'pb.last_name as payer_last_name',
    );
}

export interface FeeListQuery {
  page: number;
  limit: number;
  status?: FeeStatus;
  studentId?: string;
  feeId?: string;
}

/** The fees this viewer may see: due first, soonest first; then paid, latest first. */
export async function listFees(deps: Deps, viewer: Viewer, q: FeeListQuery): Promise<{ rows: FeeRow[]; total: number }> {
  const base = scopeFees(viewer, feeRows(deps), 'fa.student_id');
  if (q.status) base.where('fa.status', q.status);
  if (q.studentId) base.where('fa.student_id', q.studentId);
  if (q.feeId) base.where('fa.fee_id', q.feeId);
  const [{ total }] = (await base.clone().clearSelect().count({ total: '*' })) as [{ total: string | number }];
  const rows = (await base
    .orderByRaw("(fa.status = 'paid'), CASE WHEN fa.status = 'due' THEN f.due_date END ASC, fa.paid_at DESC NULLS LAST, fa.id")
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)) as FeeRow[];
  return { rows, total: Number(total) };
}

/** One fee row, when this viewer may see it; "not found" otherwise, so ids cannot be probed. */
export async function readableFee(deps: Deps, viewer: Viewer, id: string): Promise<FeeRow> {
  const row = (await feeRows(deps).where('fa.id', id).first()) as FeeRow | undefined;
  if (!row || !mayReadFee(viewer, row)) throw Errors.notFound(PAYMENT_MSG.feeNotFound);
  return row;
}

/**
 * Pays one student's fee, for its amount and in its currency: a pending payment with its card step
 * (or, with a sandbox card in the request, charged at once). The fee becomes paid when the payment
 * succeeds, once, whoever of the student and their parents paid it.
 */
export async function payFee(
  deps: Deps,
  gateway: PaymentGateway,
  viewer: Viewer,
  id: string,
  card: { brand: CardBrand; last4: string } | undefined,
  idempotencyKey?: string,
): Promise<CreatedPayment> {
  const fee = await readableFee(deps, viewer, id);
  if (!mayPayFee(viewer, fee)) throw Errors.forbidden();
  if (fee.status === 'paid') throw Errors.conflict(PAYMENT_MSG.feeAlreadyPaid);
  return createPayment(
    deps,
    gateway,
    viewer.user.id,
    { amount: fee.amount_cents / 100, description: fee.title, paymentMethod: 'stripe', type: 'exam', ...(card ? { card } : {}) },
    idempotencyKey,
    { feeAssignmentId: fee.id, currency: fee.currency },
  );
}
