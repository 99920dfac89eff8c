import type { WaivableCheck } from '@exam/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const started = vi.hoisted(() => ({ face: 0, voice: 0, monitor: 0, stopped: [] as string[], terminated: 0 }));
const emitters = vi.hoisted(() => ({ face: null as null | ((s: unknown) => void) }));

vi.mock('./faceClient', () => ({
  createFaceClient: () => ({ ready: () => Promise.resolve(), detect: () => Promise.resolve({ faces: 1, score: 1, yaw: 0, pitch: 0 }), terminate: () => (started.terminated += 1) }),
  sampleFaces: (o: { onSample(s: unknown): void }) => {
    started.face += 1;
    emitters.face = o.onSample;
    return () => started.stopped.push('face');
  },
}));
vi.mock('./voiceMonitor', () => ({
  startVoiceMonitor: () => {
    started.voice += 1;
    return () => started.stopped.push('voice');
  },
}));
vi.mock('./monitorCheck', () => ({
  watchSecondMonitor: () => {
    started.monitor += 1;
    return () => started.stopped.push('monitor');
  },
}));

const { startDeviceChecks } = await import('./deviceChecks');

const stream = (kinds: Array<'audio' | 'video'>) => ({ getTracks: () => kinds.map((kind) => ({ kind, readyState: 'live' })) }) as unknown as MediaStream;
const PROFILE = {
  faceChecks: { enabled: true, missingSeconds: 5, lookAwaySeconds: 8, multipleFaces: true },
  voiceCheck: { enabled: true, speechSeconds: 5 },
  secondMonitorCheck: true,
};
const run = (waivers: WaivableCheck[], profile = PROFILE) => {
  const onFlag = vi.fn();
  const checks = startDeviceChecks({ profile, waivers, camera: stream(['video', 'audio']), microphone: stream(['video', 'audio']), onFlag });
  return { checks, onFlag };
};

describe('device checks', () => {
  beforeEach(() => {
    Object.assign(started, { face: 0, voice: 0, monitor: 0, stopped: [], terminated: 0 });
  });

  it('runs every check the profile turns on, and stops them all', () => {
    const { checks } = run([]);
    expect(started).toMatchObject({ face: 1, voice: 1, monitor: 1 });
    checks.stop();
    checks.stop();
    expect(started.stopped.sort()).toEqual(['face', 'monitor', 'voice']);
    expect(started.terminated).toBe(1);
  });

  it('does not run a waived check at all', () => {
    run(['face', 'voice', 'second-monitor']);
    expect(started).toMatchObject({ face: 0, voice: 0, monitor: 0 });
    run(['camera', 'microphone']);
    expect(started).toMatchObject({ face: 0, voice: 0, monitor: 1 });
  });

  it('runs nothing the profile leaves off', () => {
    run([], { faceChecks: { ...PROFILE.faceChecks, enabled: false }, voiceCheck: { enabled: false, speechSeconds: 5 }, secondMonitorCheck: false });
    expect(started).toMatchObject({ face: 0, voice: 0, monitor: 0 });
  });

  it('runs no face check without a live camera', () => {
    startDeviceChecks({ profile: PROFILE, waivers: [], camera: null, microphone: null, onFlag: vi.fn() });
    expect(started).toMatchObject({ face: 0, voice: 0 });
  });

  it('gives each flag its own id, for the evidence picture', () => {
    const { onFlag } = run([]);
    for (let at = 0; at <= 5000; at += 500) emitters.face?.({ at, faces: 0, score: 0, yaw: null, pitch: null });
    expect(onFlag).toHaveBeenCalledTimes(1);
    const flag = onFlag.mock.calls[0]?.[0];
    expect(flag).toMatchObject({ type: 'face-missing', durationMs: 5000, confidence: 1 });
    expect(flag.flagId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
