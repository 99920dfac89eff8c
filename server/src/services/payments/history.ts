import { PAYMENT_MSG, type paymentListQuerySchema } from '@exam/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { Errors } from '../../errors';
import type { Viewer } from '../../policies';
import { mayReadPayment, scopePayments, searchesEveryonesPayments } from '../../policies/payments';
import type { PaymentRow } from '../../presenters/payment';

type PaymentListQuery = z.output<typeof paymentListQuerySchema>;

/** The payment joined with the payer, for admins' filters and the receipt's "paid by". */
const withPayer = (deps: Deps) =>
  deps
    .db('payments as p')
    .leftJoin('users as u', 'u.id', 'p.user_id')
    .select('p.*', 'u.first_name as payer_first_name', 'u.last_name as payer_last_name', 'u.email as payer_email');

/** The payments this viewer may see, newest first; an admin's filters by payer are ignored for anyone else. */
export async function listPayments(deps: Deps, viewer: Viewer, q: PaymentListQuery): Promise<{ rows: PaymentRow[]; total: number }> {
  const base = scopePayments(viewer, withPayer(deps), 'p.user_id');
  if (searchesEveryonesPayments(viewer)) {
    if (q.userId) base.where('p.user_id', q.userId);
    if (q.search) {
      const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const ref = q.search.toUpperCase().replace(/^PAY-/, '');
      base.where((w) =>
        w
          .whereILike('u.email', like)
          .orWhereRaw("(u.first_name || ' ' || u.last_name) ILIKE ?", [like])
          .orWhere(ref.length >= 4 && /^[0-9A-F]+$/.test(ref) ? deps.db.raw("upper(replace(p.id::text, '-', '')) LIKE ?", [`${ref}%`]) : deps.db.raw('false')),
      );
    }
  }
  if (q.status) base.where('p.status', q.status);
  const [{ total }] = (await base.clone().clearSelect().count({ total: '*' })) as [{ total: string | number }];
  const rows = (await base
    .orderBy([{ column: 'p.created_at', order: 'desc' }, { column: 'p.id', order: 'desc' }])
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)) as PaymentRow[];
  return { rows, total: Number(total) };
}

/** One payment, when this viewer may see it; someone else's is "not found", so ids cannot be probed. */
export async function readablePayment(deps: Deps, viewer: Viewer, id: string): Promise<PaymentRow> {
  const row = (await withPayer(deps).where('p.id', id).first()) as PaymentRow | undefined;
  if (!row || !mayReadPayment(viewer, row)) throw Errors.notFound(PAYMENT_MSG.notFound);
  return row;
}
