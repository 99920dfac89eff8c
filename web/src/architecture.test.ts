import type { IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import { cruiseTree } from '../../scripts/dependencyRules';

/**
 * The web app's layering, held by the code itself: `app/` assembles the features from
 * `components/`, `lib/`, `api/`, `i18n/` and `session/` (who is signed in), which never reach up
 * into a feature or the app; a feature never imports the app, no two features import each other
 * (directly or through a third), no two folders either, and nothing imports in a circle.
 */
const RULES: IForbiddenRuleType[] = [
  {
    name: 'no-circular',
    severity: 'error',
    from: { path: '^web/src/' },
    to: { circular: true },
  },
  {
    name: 'shared-layers-never-import-a-feature-or-the-app',
    severity: 'error',
    from: { path: '^web/src/(lib|api|components|i18n|session)/' },
    to: { path: '^web/src/(features|app)/' },
  },
  {
    name: 'features-never-import-the-app',
    severity: 'error',
    from: { path: '^web/src/features/' },
    to: { path: '^web/src/app/' },
  },
];

describe('the web app’s structure', () => {
  it('keeps its layers: no circles, no two features or folders importing each other, no feature importing the app, and lib, api and components never importing a feature', async () => {
    const { totalCruised, violations, folderCycles } = await cruiseTree('web/src', 'web/tsconfig.json', RULES, '(\\.test\\.tsx?$|^web/src/test/)');
    expect(totalCruised).toBeGreaterThan(100);
    expect(violations).toEqual([]);
    expect(folderCycles).toEqual([]);
  }, 60_000);
});
