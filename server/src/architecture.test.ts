import type { IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import { cruiseTree } from '../../scripts/dependencyRules';

/**
 * The layering of docs/architecture.md, held by the code itself: routes → policies → services →
 * presenters, with realtime beside routes and jobs beside both. The lower layers reach sockets
 * only through the ports (server/src/ports), never the realtime layer, and nothing imports in a
 * circle, neither between files nor between folders. Type-only imports count: a circle of types is
 * still a knot a reader has to untie.
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
  it('keeps its layers: no circles, no two folders importing each other, and services, presenters and jobs never import routes or the realtime layer', async () => {
    const { totalCruised, violations, folderCycles } = await cruiseTree('server/src', 'server/tsconfig.json', RULES, '(\\.test\\.ts$|/test/|/faults/)');
    expect(totalCruised).toBeGreaterThan(50);
    expect(violations).toEqual([]);
    expect(folderCycles).toEqual([]);
  }, 60_000);
});
