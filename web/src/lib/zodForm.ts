import type { FieldError } from '@exam/shared';
import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';
import { translateMessage } from '../i18n/format';

/**
 * Mantine form validation from a shared zod schema, so the form and the server check the same
 * rules. Each field gets the first message zod reports for it. Keys are inserted in issue order,
 * which for our schemas is the documented rule order: `firstFormError` relies on that.
 */
export function zodValidate(schema: z.ZodType): (values: unknown) => FormErrors {
  return (values) => {
    const result = schema.safeParse(values);
    return result.success ? {} : issuesToFormErrors(result.error.issues);
  };
}

export function issuesToFormErrors(issues: z.ZodError['issues']): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    // Shared schemas speak the documented English; the reader sees it in their language.
    if (!(path in errors)) errors[path] = translateMessage(issue.message);
  }
  return errors;
}

/** The server's `errors: [{ field, msg }]` as form errors, first message per field. */
export function apiFieldErrors(errors: readonly FieldError[]): FormErrors {
  const out: FormErrors = {};
  for (const { field, msg } of errors) {
    if (!(field in out)) out[field] = msg;
  }
  return out;
}

/** The first message of a validation result (the one shown at the top of a form). */
export function firstFormError(errors: FormErrors): string | null {
  for (const message of Object.values(errors)) {
    if (typeof message === 'string' && message) return message;
  }
  return null;
}
