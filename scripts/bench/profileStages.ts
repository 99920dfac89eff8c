/**
 * Where a server's main thread spent a question import, read from its CPU profile (--cpu-prof):
 * the stages of the import, and the longest stretches it ran without a pause, which is how long
 * every student's save waited behind it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * The import's stages, each known by a function on the stack (read from the sampled function
 * towards the root); the first that matches names the sample. Validation and JSON run for every
 * save too, so they count only under the import's own frames.
 */
const STAGES: [string, RegExp][] = [
  ['XML parse (xmldom)', /parseFromString/],
  ['Moodle mapping', /parseMoodleXml/],
  ['picture checks', /judgeImage|storeQuestionImage/],
  ['validation (zod)', /safeParse[^]*judgeItem/],
  ["student's view", /studentView/],
  ['judging, other', /judgeItem|judgeFile/],
  ['insert', /insertQuestions|importQuestions/],
  ['upload (multipart)', /fileUpload|formidable|busboy/i],
  ['response JSON (koa)', /^respond [^\n]*koa/],
];
const IDLE = new Set(['(idle)', '(program)']);

/** The main thread's profile in a --cpu-prof-dir (thread 0 in V8's file name). */
export function mainThreadProfile(dir: string): string | undefined {
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  return files.map((f) => path.join(dir, f)).find((f) => path.basename(f).split('.')[4] === '0');
}

/**
 * Lines: per import (samples of the import's stages grouped where they are a second or more
 * apart), the CPU of each stage; then the main thread's three longest busy stretches and what
 * filled them.
 */
export function importStages(file: string): string[] {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stageCache = new Map<number, string>();
  const stageOf = (id: number): string => {
    let s = stageCache.get(id);
    if (s) return s;
    const own = byId.get(id)!.callFrame.functionName;
    if (IDLE.has(own)) s = 'idle';
    else if (own === '(garbage collector)') s = 'garbage collection';
    else {
      const stack: string[] = [];
      for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) stack.push(`${byId.get(x)!.callFrame.functionName} ${byId.get(x)!.callFrame.url}`);
      const joined = stack.join('\n');
      s = STAGES.find(([, re]) => re.test(joined))?.[0] ?? 'other (saves, sockets, database)';
    }
    stageCache.set(id, s);
    return s;
  };

  // Samples as [ms from the start, ms long, stage].
  let at = 0;
  const samples = p.samples.map((id, i) => {
    at += p.timeDeltas[i]! / 1000;
    return [at, p.timeDeltas[i]! / 1000, stageOf(id)] as const;
  });
  const isImport = (stage: string) => STAGES.some(([name]) => name === stage);

  const lines: string[] = [];
  const imports: (typeof samples)[] = [];
  for (const s of samples) {
    if (!isImport(s[2])) continue;
    const last = imports.at(-1);
    if (last && s[0] - last.at(-1)![0] < 1000) last.push(s);
    else imports.push([s]);
  }
  const sum = (xs: readonly (readonly [number, number, string])[]) => {
    const m = new Map<string, number>();
    for (const [, ms, stage] of xs) m.set(stage, (m.get(stage) ?? 0) + ms);
    return [...m].sort((a, b) => b[1] - a[1]);
  };
  imports
    .filter((xs) => xs.length > 50)
    .forEach((xs, i) => {
      const from = xs[0]![0];
      const to = xs.at(-1)![0];
      const inside = samples.filter(([t, , stage]) => t >= from && t <= to && stage !== 'idle');
      lines.push(`    request ${i + 1} (${((to - from) / 1000).toFixed(2)} s of the main thread's time line): ${sum(inside).map(([stage, ms]) => `${stage} ${ms.toFixed(0)} ms`).join(', ')}`);
    });

  // Busy stretches: samples in a row that are not idle.
  const stretches: { from: number; ms: number; parts: (typeof samples)[number][] }[] = [];
  let current: (typeof stretches)[number] | undefined;
  for (const s of samples) {
    if (s[2] === 'idle') {
      current = undefined;
      continue;
    }
    if (!current) stretches.push((current = { from: s[0], ms: 0, parts: [] }));
    current.ms += s[1];
    current.parts.push(s);
  }
  for (const s of stretches.sort((a, b) => b.ms - a.ms).slice(0, 3)) {
    lines.push(`    busy without a pause for ${s.ms.toFixed(0)} ms: ${sum(s.parts).map(([stage, ms]) => `${stage} ${ms.toFixed(0)}`).join(', ')}`);
  }
  return lines;
}
