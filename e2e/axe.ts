import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core in the page under test. It is injected as an inline script, which the app's
 * Content-Security-Policy rightly refuses: a spec using it sets `test.use({ bypassCSP: true })`.
 */
const require = createRequire(import.meta.url);
export const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');

/** Loads axe before the app's own scripts on every page the tab opens, so no round trip per check. */
export async function injectAxe(page: Page): Promise<void> {
  await page.addInitScript({ path: AXE_SCRIPT });
}

interface AxeNode {
  target: string[];
  html: string;
  any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } | null }[];
}

/**
 * The serious and critical violations on the page as it stands, one line per rule naming each
 * element (and, for contrast, its colours and ratio) so a failure says what to fix.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A dialog fading in is half transparent: its colours are judged once the finite transitions end.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity));
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; nodes: AxeNode[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  });
  const describe = (n: AxeNode) => {
    const contrast = n.any.find((c) => c.data?.contrastRatio)?.data;
    const colours = contrast ? ` (${contrast.fgColor} on ${contrast.bgColor} = ${contrast.contrastRatio}:1)` : '';
    return `${n.target.join(' ')} ${n.html.slice(0, 160)}${colours}`;
  };
  return violations.map((v) => `${v.id}: ${v.nodes.map(describe).join(', ')}`);
}

/** No serious or critical violation; `what` names the screen in a failure. */
export async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  expect(await seriousViolations(page), `${what} accessibility`).toEqual([]);
}
