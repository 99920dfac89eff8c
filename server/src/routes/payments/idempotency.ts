/** What an Idempotency-Key header may hold. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
