import type { z } from 'zod';

/**
 * One route's entry in the API reference, written beside the route (routes/<resource>/openapi.ts).
 * What the code already knows is read from the route itself: the path, the method, the schema
 * `validated()` parses, and the roles `auth()` admits. The entry adds what only a person can say.
 */
export interface RouteDoc {
  summary: string;
  description?: string;
  /** What `data` holds on success: a schema, or a sentence. */
  data?: z.ZodType | string;
  /** Success status when not 200. */
  status?: number;
  /** For routes that parse their input themselves rather than through `validated()`. */
  body?: z.ZodType;
  query?: z.ZodType;
  /** Failures beyond those read from the route (400 validation, 401, 403 by role), with their texts. */
  errors?: Record<number, string>;
  /** Not JSON (a CSV download, an HTML page): its media type. */
  produces?: string;
}

/** Entries keyed 'METHOD /path' as the router writes it, without /api: 'GET /exams/:id'. */
export type RouteDocs = Record<string, RouteDoc>;
