import Router from '@koa/router';
import { koaBody } from 'koa-body';
import { rethrowBodyError } from '../../middleware/bodyEncoding';
import { confirmPaymentSchema, createPaymentSchema, PAYMENT_MSG, paymentListQuerySchema, type PaymentConfig } from '@exam/shared';
import type { Deps } from '../../deps';
import { ADMINS } from '../../policies/people';
import { AppError, Errors } from '../../errors';
import { auth, currentAuth, idParam, type AppState } from '../../middleware/auth';
import { parseInput, validated } from '../../middleware/validate';
import { languageOf } from '../../middleware/language';
import { viewerOf } from '../../middleware/viewer';
import { presentPayment } from '../../presenters/payment';
import { listPayments, readablePayment } from '../../services/payments/history';
import { applyProviderEvent, confirmPayment, createPayment, nextActionFor, refundPayment } from '../../services/payments/payments';
import { WebhookSignatureError } from '../../services/payments/provider';
import { getPlatformSettings } from '../../services/platformSettings';
import { addFeeRoutes } from './fees';
import { IDEMPOTENCY_KEY } from './idempotency';

/** The Payment Center: pay, see your history, and the provider's webhook (docs/api.md). */
export function paymentRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/payments' });
  const gateway = deps.paymentGateway;
  const signedIn = auth(deps);

  router.get('/config', signedIn, async (ctx) => {
    const { payments } = await getPlatformSettings(deps);
    const data: PaymentConfig = { provider: gateway.name, currency: deps.config.payments.currency, publishableKey: gateway.publishableKey, allowFreeAmounts: payments.allowFreeAmounts };
    ctx.body = { success: true, data };
  });

  // Before '/:id', which would otherwise take 'fees' for a payment's id.
  addFeeRoutes(deps, router, gateway);

  router.get(
    '/',
    signedIn,
    validated(
      paymentListQuerySchema,
      async (ctx, q) => {
        const { rows, total } = await listPayments(deps, await viewerOf(deps, ctx), q);
        ctx.body = {
          success: true,
          data: { payments: rows.map(presentPayment), total, currentPage: q.page, totalPages: Math.ceil(total / q.limit) },
        };
      },
      'query',
    ),
  );

  router.post('/', signedIn, async (ctx) => {
    const { user } = currentAuth(ctx);
    const input = parseInput(createPaymentSchema, (ctx.request as { body?: unknown }).body, languageOf(ctx));
    const key = ctx.get('idempotency-key') || undefined;
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) throw Errors.badRequest(PAYMENT_MSG.idempotencyKeyInvalid);
    // A payment of the payer's own amount, as opposed to a fee the school issued (POST /payments/fees/:id/pay).
    if (!(await getPlatformSettings(deps)).payments.allowFreeAmounts) throw Errors.forbidden(PAYMENT_MSG.freeAmountsOff);
    // Without a card (the sandbox's card step or Stripe's to come) the payment waits, pending, charged nothing.
    const { row, clientSecret, nextAction } = await createPayment(deps, gateway, user.id, input, key);
    const payment = presentPayment(row);
    if (row.status === 'failed') {
      ctx.status = 402;
      ctx.body = { success: false, message: PAYMENT_MSG.failed, data: { payment } };
      return;
    }
    ctx.status = 201;
    ctx.body = {
      success: true,
      message: row.status === 'succeeded' ? PAYMENT_MSG.success : PAYMENT_MSG.pendingCreated,
      data: { payment, clientSecret, nextAction },
    };
  });

  /** The sandbox's card step of a pending payment; the payer's own, once (a repeat returns the same payment). */
  router.post(
    '/:id/confirm',
    signedIn,
    validated(confirmPaymentSchema, async (ctx, input) => {
      const { user } = currentAuth(ctx);
      const row = await confirmPayment(deps, gateway, user.id, idParam(ctx, 'id', PAYMENT_MSG.notFound), input.card);
      const payment = presentPayment(row);
      if (row.status === 'failed') {
        ctx.status = 402;
        ctx.body = { success: false, message: PAYMENT_MSG.failed, data: { payment } };
        return;
      }
      ctx.body = { success: true, message: PAYMENT_MSG.success, data: { payment } };
    }),
  );

  router.get('/:id', signedIn, async (ctx) => {
    const { user } = currentAuth(ctx);
    const id = idParam(ctx, 'id', PAYMENT_MSG.notFound);
    const row = await readablePayment(deps, await viewerOf(deps, ctx), id);
    // The payer of a pending payment learns its card step again (another tab, a later visit).
    let nextAction = null;
    if (row.status === 'pending' && row.user_id === user.id && row.provider === gateway.name) {
      const clientSecret = row.provider_ref && gateway.name === 'stripe' ? await gateway.clientSecret(row.provider_ref).catch(() => null) : null;
      nextAction = nextActionFor(gateway, row, clientSecret);
    }
    ctx.body = { success: true, data: { payment: presentPayment(row), nextAction } };
  });

  router.post('/:id/refund', auth(deps, ADMINS), async (ctx) => {
    const row = await refundPayment(deps, gateway, idParam(ctx, 'id', PAYMENT_MSG.notFound));
    ctx.body = { success: true, message: PAYMENT_MSG.refunded, data: { payment: presentPayment(row) } };
  });

  return router;
}

/**
 * Stripe's webhook, mounted before the app's body parser: the signature covers the raw bytes, so
 * they must reach the check untouched. It is the only thing that settles a Stripe payment.
 */
export function paymentWebhookRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/payments' });
  const gateway = deps.paymentGateway;
  router.post('/webhook', koaBody({ includeUnparsed: true, jsonLimit: '1mb', text: false, urlencoded: false, multipart: false, onError: rethrowBodyError }), async (ctx) => {
    if (gateway.name !== 'stripe') throw Errors.notFound(PAYMENT_MSG.noWebhook);
    const raw = (ctx.request as { rawBody?: unknown }).rawBody;
    if (typeof raw !== 'string') throw Errors.badRequest(PAYMENT_MSG.webhookPayload);
    let event;
    try {
      event = gateway.parseWebhook(raw, ctx.get('stripe-signature') || undefined);
    } catch (err) {
      if (err instanceof WebhookSignatureError) throw new AppError(400, 'bad-signature', err.message);
      throw err;
    }
    await applyProviderEvent(deps, gateway, event);
    ctx.body = { received: true };
  });
  return router;
}
