import { paymentReference, type Fee, type FeeStatus, type FeeTargetKind } from '@exam/shared';

/** One student's share of a fee, joined with the fee, the student, who paid and the exam it was for. */
export interface FeeRow {
  id: string;
  fee_id: string;
  student_id: string;
  status: FeeStatus;
  paid_at: Date | null;
  payment_id: string | null;
  paid_by: string | null;
  created_at: Date;
  title: string;
  amount_cents: number;
  currency: string;
  /** Read as YYYY-MM-DD text, so no driver turns the school's calendar date into a moment. */
  due_date: string;
  target_kind: FeeTargetKind;
  target_grade: number | null;
  target_section: string | null;
  target_exam_id: string | null;
  exam_title: string | null;
  student_first_name: string | null;
  student_last_name: string | null;
  payer_first_name: string | null;
  payer_last_name: string | null;
}

const name = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();


export function presentFee(row: FeeRow): Fee {
  return {
    _id: row.id,
    feeId: row.fee_id,
    title: row.title,
    amount: row.amount_cents / 100,
    currency: row.currency,
    dueDate: row.due_date,
    status: row.status,
    student: { _id: row.student_id, name: name(row.student_first_name, row.student_last_name) },
    paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
    paidBy: row.paid_by ? { _id: row.paid_by, name: name(row.payer_first_name, row.payer_last_name) } : null,
    payment: row.payment_id ? { _id: row.payment_id, reference: paymentReference(row.payment_id) } : null,
    target: { kind: row.target_kind, grade: row.target_grade, section: row.target_section, examId: row.target_exam_id, examTitle: row.exam_title },
    createdAt: new Date(row.created_at).toISOString(),
  };
}
