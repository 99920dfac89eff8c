import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface TreeCruise {
  totalCruised: number;
  /** One line per broken rule: `rule: from → to`. */
  violations: string[];
  /** One line per knot of folders that import each other, with one import for each edge of it. */
  folderCycles: string[];
}

/**
 * Cruises one source tree (`server/src`, `web/src`) against its forbidden rules, and checks what
 * dependency-cruiser's rules cannot say: no two folders directly under the tree import each other,
 * however many files the loop passes through. Type-only imports count; test files do not, as a
 * test may assemble the whole app.
 */
export async function cruiseTree(tree: string, tsConfig: string, rules: IForbiddenRuleType[], exclude: string): Promise<TreeCruise> {
  const result = await cruise([tree], {
    baseDir: ROOT,
    ruleSet: { forbidden: rules },
    validate: true,
    tsPreCompilationDeps: true,
    tsConfig: { fileName: path.join(ROOT, tsConfig) },
    exclude: { path: exclude },
    doNotFollow: { path: 'node_modules' },
  });
  const output = result.output as ICruiseResult;
  return {
    totalCruised: output.summary.totalCruised,
    violations: output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`),
    folderCycles: folderCycles(output, tree),
  };
}

/**
 * The folder directly under the tree a module belongs to; a feature of the web app is one of its
 * own (`features/exams`). Files at the top (the composition root, the entry point) belong to none.
 */
function unitOf(source: string, tree: string): string | undefined {
  if (!source.startsWith(`${tree}/`)) return undefined;
  const parts = source.slice(tree.length + 1).split('/');
  if (parts.length === 1) return undefined;
  if (parts[0] === 'features' && parts.length > 2) return `features/${parts[1]}`;
  return parts[0];
}

function folderCycles(output: ICruiseResult, tree: string): string[] {
  // For each edge between two units, the first import seen that makes it (to name it in a failure).
  const edges = new Map<string, Map<string, string>>();
  for (const module of output.modules) {
    const from = unitOf(module.source, tree);
    if (!from) continue;
    for (const dependency of module.dependencies) {
      const to = unitOf(dependency.resolved, tree);
      if (!to || to === from) continue;
      const out = edges.get(from) ?? new Map<string, string>();
      if (!out.has(to)) out.set(to, `${module.source} → ${dependency.resolved}`);
      edges.set(from, out);
    }
  }
  return stronglyConnected(edges)
    .filter((component) => component.length > 1)
    .map((component) => {
      const members = new Set(component);
      const imports = component.flatMap((from) =>
        [...(edges.get(from) ?? new Map<string, string>())].filter(([to]) => members.has(to)).map(([, example]) => example),
      );
      return `${component.sort().join(' ↔ ')} (${imports.sort().join('; ')})`;
    });
}

/** Tarjan's algorithm: the groups of units each of which reaches every other of its group. */
function stronglyConnected(edges: Map<string, Map<string, string>>): string[][] {
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((out) => [...out.keys()])]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    components.push(component);
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return components;
}
