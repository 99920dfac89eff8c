/** Every string leaf of a value, as paths for `withNul`. */
export function textPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => textPaths(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => textPaths(v, [...path, k]));
  return [];
}

/** A deep copy of `value` with a NUL appended to the string at `path`. */
export function withNul(value: unknown, path: (string | number)[]): unknown {
  if (!path.length) return `${value as string}\u0000`;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[path[0]!] = withNul(copy[path[0]!], path.slice(1));
  return copy;
}
