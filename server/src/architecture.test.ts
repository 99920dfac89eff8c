import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The layering of docs/architecture.md, held by the code itself: routes → policies → services →
 * presenters, with realtime beside routes and jobs beside both. The lower layers reach sockets
 * only through the ports (server/src/ports), never the realtime layer, and nothing imports in a
 * circle. Type-only imports count: a circle of types is still a knot a reader has to untie.
 */
const RULES: IForbiddenRuleType[] = [
  {
    name: 'no-circular',
    severity: 'error',
    from: { path: '^server/src/' },
    to: { circular: true },
  },
  {
    name: 'lower-layers-never-import-routes-or-realtime',
    severity: 'error',
    from: { path: '^server/src/(services|presenters|policies|jobs|db|auth|ports)/' },
    to: { path: '^server/src/(routes|realtime)/' },
  },
  {
    name: 'routes-never-import-realtime',
    severity: 'error',
    from: { path: '^server/src/routes/' },
    to: { path: '^server/src/realtime/' },
  },
  {
    name: 'presenters-are-leaves',
    severity: 'error',
    from: { path: '^server/src/presenters/' },
    // Policies are pure rules a presenter may ask (whether a viewer may see a key); nothing else.
    to: { path: '^server/src/(services|routes|realtime|jobs)/' },
  },
];

describe('the server’s structure', () => {
  it('keeps its layers: no circles, and services, presenters and jobs never import routes or the realtime layer', async () => {
    const cwd = process.cwd();
    process.chdir(ROOT);
    try {
      const result = await cruise(['server/src'], {
        ruleSet: { forbidden: RULES },
        validate: true,
        tsPreCompilationDeps: true,
        tsConfig: { fileName: 'server/tsconfig.json' },
        exclude: { path: '(\\.test\\.ts$|/test/|/faults/)' },
        doNotFollow: { path: 'node_modules' },
      });
      const output = result.output as { summary: { violations: { rule: { name: string }; from: string; to: string }[]; totalCruised: number } };
      expect(output.summary.totalCruised).toBeGreaterThan(50);
      expect(output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
    } finally {
      process.chdir(cwd);
    }
  }, 60_000);
});
