import type { Context } from 'koa';
import type { z } from 'zod';
import type { FieldError } from '@exam/shared';
import { Errors } from '../errors';
import { parseOptions } from '../i18n/zodErrors';
import { languageOf } from './language';

export function zodFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((i) => ({ field: i.path.join('.') || '_', msg: i.message }));
}

/**
 * Parses with a shared schema or throws the documented 400 with field messages. Given the
 * request's language, zod's own messages come in it (the schemas' messages are translated later).
 */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown, language?: string): z.output<S> {
  const result = schema.safeParse(data ?? {}, parseOptions(language));
  if (!result.success) throw Errors.validation(zodFieldErrors(result.error));
  return result.data;
}

type Source = 'body' | 'query';

/**
 * Wraps a handler so it receives its already-parsed, typed input: the last step of the
 * middleware order rate limit → auth → validate → handler.
 */
export function validated<S extends z.ZodType, C extends Context = Context>(
  schema: S,
  handler: (ctx: C, input: z.output<S>) => Promise<void> | void,
  source: Source = 'body',
) {
  const middleware = async (ctx: C) => {
    const raw = source === 'body' ? (ctx.request as { body?: unknown }).body : ctx.query;
    await handler(ctx, parseInput(schema, raw, languageOf(ctx)));
  };
  // The API reference reads the schema from here, so it documents exactly what is validated.
  return Object.assign(middleware, { [INPUT_SCHEMA]: { schema, source } as InputSchemaInfo });
}

export const INPUT_SCHEMA = Symbol.for('exam.inputSchema');
export interface InputSchemaInfo {
  schema: z.ZodType;
  source: Source;
}
