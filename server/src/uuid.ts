const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is a UUID in its canonical text form (either case), as PostgreSQL's ids are. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
