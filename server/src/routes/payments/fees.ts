import type Router from '@koa/router';
import { feeListQuerySchema, issueFeeSchema, PAYMENT_MSG, payFeeSchema } from '@exam/shared';
import type { Deps } from '../../deps';
import { ADMINS } from '../../policies/people';
import { Errors } from '../../errors';
import { auth, idParam, type AppState } from '../../middleware/auth';
import { validated } from '../../middleware/validate';
import { viewerOf } from '../../middleware/viewer';
import { mayIssueFees } from '../../policies/fees';
import { presentFee } from '../../presenters/fee';
import { presentPayment } from '../../presenters/payment';
import { issueFee, listFees, payFee, readableFee } from '../../services/payments/fees';
import type { PaymentGateway } from '../../services/payments/provider';
import { IDEMPOTENCY_KEY } from './idempotency';

/**
 * Fees the school asks for (under /payments/fees): admins issue them; students and parents see
 * what is due and pay it through the same payment flow as any payment.
 */
export function addFeeRoutes(deps: Deps, router: Router<AppState>, gateway: PaymentGateway): void {
  const signedIn = auth(deps);

  router.get(
    '/fees',
    signedIn,
    validated(
      feeListQuerySchema,
      async (ctx, q) => {
        const viewer = await viewerOf(deps, ctx);
        const { rows, total } = await listFees(deps, viewer, q);
        ctx.body = { success: true, data: { fees: rows.map(presentFee), total, currentPage: q.page, totalPages: Math.ceil(total / q.limit) } };
      },
      'query',
    ),
  );

  router.post(
    '/fees',
    auth(deps, ADMINS),
    validated(issueFeeSchema, async (ctx, input) => {
      const viewer = await viewerOf(deps, ctx);
      if (!mayIssueFees(viewer)) throw Errors.forbidden();
      const { feeId, assigned } = await issueFee(deps, viewer.user.id, input);
      ctx.status = 201;
      ctx.body = { success: true, message: PAYMENT_MSG.feeIssued, data: { feeId, assigned } };
    }),
  );

  router.get('/fees/:id', signedIn, async (ctx) => {
    const fee = await readableFee(deps, await viewerOf(deps, ctx), idParam(ctx, 'id', PAYMENT_MSG.feeNotFound));
    ctx.body = { success: true, data: { fee: presentFee(fee) } };
  });

  router.post(
    '/fees/:id/pay',
    signedIn,
    validated(payFeeSchema, async (ctx, input) => {
      const id = idParam(ctx, 'id', PAYMENT_MSG.feeNotFound);
      const key = ctx.get('idempotency-key') || undefined;
      if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) throw Errors.badRequest(PAYMENT_MSG.idempotencyKeyInvalid);
      const { row, clientSecret, nextAction } = await payFee(deps, gateway, await viewerOf(deps, ctx), id, input.card, key);
      const payment = presentPayment(row);
      if (row.status === 'failed') {
        ctx.status = 402;
        ctx.body = { success: false, message: PAYMENT_MSG.failed, data: { payment } };
        return;
      }
      ctx.status = 201;
      ctx.body = { success: true, message: row.status === 'succeeded' ? PAYMENT_MSG.success : PAYMENT_MSG.pendingCreated, data: { payment, clientSecret, nextAction } };
    }),
  );
}
