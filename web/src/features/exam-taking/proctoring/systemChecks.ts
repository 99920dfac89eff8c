import type { ProfiledProctoring, WaivableCheck } from '@exam/shared';

/**
 * The system check's rows, pure: which the exam needs, which a waiver covers, and whether the exam
 * may start. The screen (SystemCheck.tsx) runs each row and reports its state here.
 */

export const CHECK_ROWS = ['camera', 'microphone', 'screen', 'browser', 'connection', 'face'] as const;
export type CheckRow = (typeof CHECK_ROWS)[number];

export type RowState = { status: 'idle' | 'checking' | 'pass' } | { status: 'fail'; reason: string; values?: Record<string, string | number> };

/** The waivable check a row stands for; the browser and the connection cannot be waived. */
export const WAIVER_OF_ROW: Record<CheckRow, WaivableCheck | null> = {
  camera: 'camera',
  microphone: 'microphone',
  screen: 'screen-share',
  browser: null,
  connection: null,
  face: 'face',
};

export function requiredRows(p: ProfiledProctoring): CheckRow[] {
  if (!p.enabled) return [];
  const rows: CheckRow[] = [];
  if (p.enableCamera || p.faceChecks.enabled) rows.push('camera');
  if (p.enableMicrophone || p.voiceCheck.enabled) rows.push('microphone');
  if (p.screenShare.required) rows.push('screen');
  rows.push('browser', 'connection');
  if (p.faceChecks.enabled) rows.push('face');
  return rows;
}

/** A row is waived by its own check's waiver; the face check also by a waived camera (it needs one). */
export function rowWaived(row: CheckRow, waivers: readonly WaivableCheck[]): boolean {
  const check = WAIVER_OF_ROW[row];
  if (!check) return false;
  return waivers.includes(check) || (row === 'face' && waivers.includes('camera'));
}

export function allPassed(rows: readonly CheckRow[], states: Partial<Record<CheckRow, RowState>>, waivers: readonly WaivableCheck[]): boolean {
  return rows.every((row) => rowWaived(row, waivers) || states[row]?.status === 'pass');
}

/** What this browser lacks of what the exam's checks use (empty when it has everything). */
export function missingFeatures(p: ProfiledProctoring, scope: Record<string, unknown> = globalThis as unknown as Record<string, unknown>): string[] {
  const media = (scope.navigator as Navigator | undefined)?.mediaDevices;
  const missing: string[] = [];
  if ((p.enableCamera || p.enableMicrophone || p.faceChecks.enabled || p.voiceCheck.enabled) && typeof media?.getUserMedia !== 'function') missing.push('getUserMedia');
  if (p.screenShare.required && typeof media?.getDisplayMedia !== 'function') missing.push('getDisplayMedia');
  if (p.faceChecks.enabled) {
    for (const name of ['Worker', 'WebAssembly', 'OffscreenCanvas']) if (!scope[name]) missing.push(name);
  }
  if (p.voiceCheck.enabled && !scope.AudioContext) missing.push('AudioContext');
  return missing;
}

/** The slowest round trip to the server the exam still works well over. */
export const MAX_ROUND_TRIP_MS = 1500;
