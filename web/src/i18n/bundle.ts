/** One language's catalogues, namespace by namespace ('exam', 'messages', …). */
export type Bundle = Record<string, Record<string, unknown>>;

/** Names each catalogue file by its namespace: '…/locales/es/exam.json' → 'exam'. */
export function bundleFrom(files: Record<string, unknown>): Bundle {
  const bundle: Bundle = {};
  for (const [path, content] of Object.entries(files)) {
    const ns = path.split('/').pop()!.replace(/\.json$/, '');
    bundle[ns] = content as Record<string, unknown>;
  }
  return bundle;
}
