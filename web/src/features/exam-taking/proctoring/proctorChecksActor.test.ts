import { PROCTORING_DEFAULTS, type ConsentStatus, type ProfiledProctoring } from '@exam/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { DeviceCheckOptions } from './deviceChecks';
import { createProctorChecks, SCREEN_GRACE_MS, WAIVERS_WAIT_MS, type ProctorChecksCommand, type ProctorChecksDeps } from './proctorChecksActor';

const EXAM = '11111111-1111-4111-8111-111111111111';
const ATTEMPT = '22222222-2222-4222-8222-222222222222';
const FLAG_ID = '33333333-3333-4333-8333-333333333333';

const profile = (over: Partial<ProfiledProctoring> = {}): ProfiledProctoring => ({
  ...PROCTORING_DEFAULTS,
  enabled: true,
  enableCamera: true,
  faceChecks: { ...PROCTORING_DEFAULTS.faceChecks, enabled: true },
  screenShare: { required: true },
  ...over,
});

/** A shared screen whose track the test can stop, as the browser's "Stop sharing" does. */
function fakeScreen() {
  const track = new EventTarget() as EventTarget & { readyState: string };
  track.readyState = 'live';
  const stream = { getVideoTracks: () => [track] } as unknown as MediaStream;
  return {
    stream,
    stop() {
      track.readyState = 'ended';
      track.dispatchEvent(new Event('ended'));
    },
  };
}

function harness({ consent, withScreen = true, evidence = false }: { consent?: Partial<ConsentStatus>; withScreen?: boolean; evidence?: boolean } = {}) {
  const events: AnyEventObject[] = [];
  const started: DeviceCheckOptions[] = [];
  const stops = vi.fn();
  const uploads: unknown[] = [];
  let screen = fakeScreen();
  let current: MediaStream | null = withScreen ? screen.stream : null;
  const listeners = new Set<(s: MediaStream | null) => void>();
  const camera = { id: 'camera' } as unknown as MediaStream;
  const deps: ProctorChecksDeps = {
    startDeviceChecks: (options) => {
      started.push(options);
      return { stop: stops };
    },
    captureEvidence: async () => new Blob(['jpeg'], { type: 'image/jpeg' }),
    uploadEvidence: async (attemptId, upload) => void uploads.push({ attemptId, ...upload }),
    getConsent: async () => {
      if (!consent) throw new Error('offline');
      return consent as ConsentStatus;
    },
    getCamera: () => camera,
    screen: {
      get: () => current,
      subscribe: (fn) => {
        listeners.add(fn);
        return () => listeners.delete(fn);
      },
    },
    now: () => Date.now(),
    newId: () => FLAG_ID,
  };
  let receiver: ((c: ProctorChecksCommand) => void) | undefined;
  const stop = createProctorChecks(deps)({
    input: { examId: EXAM, attemptId: ATTEMPT, proctoring: profile({ evidencePictures: evidence }), waivers: [] },
    sendBack: (e) => void events.push(e),
    receive: (fn) => void (receiver = fn),
  });
  const reshare = () => {
    screen = fakeScreen();
    current = screen.stream;
    listeners.forEach((fn) => fn(screen.stream));
  };
  const endShare = () => {
    current = null;
    screen.stop();
  };
  return { events, started, stops, uploads, camera, stop, send: (c: ProctorChecksCommand) => receiver?.(c), reshare, endShare };
}

describe('the proctoring checks of an attempt', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts the device checks on the camera with the waivers the server holds for the student', async () => {
    const h = harness({ consent: { waivers: ['voice'], profile: profile() } });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.started).toHaveLength(1);
    expect(h.started[0]).toMatchObject({ camera: h.camera, microphone: h.camera, waivers: ['voice'] });
    h.stop();
    expect(h.stops).toHaveBeenCalled();
  });

  it('still starts the checks when the server cannot be asked for waivers', async () => {
    const h = harness();
    await vi.advanceTimersByTimeAsync(WAIVERS_WAIT_MS);
    expect(h.started).toHaveLength(1);
    h.stop();
  });

  it('forwards each flag as a violation with its confidence, duration and id, and uploads its picture when the exam keeps evidence', async () => {
    const h = harness({ evidence: true });
    await vi.advanceTimersByTimeAsync(0);
    h.started[0]!.onFlag({ type: 'faces-multiple', confidence: 0.8, durationMs: 3400, flagId: FLAG_ID });
    expect(h.events).toEqual([expect.objectContaining({ type: 'violation.reported', violationType: 'faces-multiple', flag: { confidence: 0.8, durationMs: 3400, flagId: FLAG_ID } })]);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.uploads).toEqual([expect.objectContaining({ attemptId: ATTEMPT, flagId: FLAG_ID, kind: 'faces-multiple', source: 'camera' })]);
    h.stop();
  });

  it('uploads no picture when the exam keeps no evidence', async () => {
    const h = harness();
    await vi.advanceTimersByTimeAsync(0);
    h.started[0]!.onFlag({ type: 'voice', confidence: 0.7, durationMs: 5000, flagId: FLAG_ID });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.uploads).toEqual([]);
    h.stop();
  });

  it('asks for the screen at once when the share stops, and flags it only if it stays stopped 3 s', async () => {
    const h = harness();
    await vi.advanceTimersByTimeAsync(0);
    h.endShare();
    expect(h.events).toEqual([{ type: 'screen.ended' }]);
    await vi.advanceTimersByTimeAsync(SCREEN_GRACE_MS - 100);
    h.reshare();
    await vi.advanceTimersByTimeAsync(SCREEN_GRACE_MS);
    expect(h.events.map((e) => e.type)).toEqual(['screen.ended', 'screen.reshared']);

    h.endShare();
    await vi.advanceTimersByTimeAsync(SCREEN_GRACE_MS);
    const flag = h.events.at(-1)!;
    expect(flag).toMatchObject({ type: 'violation.reported', violationType: 'screen-share-ended', flag: { confidence: 1, flagId: FLAG_ID } });
    expect((flag as unknown as { flag: { durationMs: number } }).flag.durationMs).toBeGreaterThanOrEqual(3000);
    h.stop();
  });

  it('asks for the screen when the attempt opens without a share (after a reload)', async () => {
    const h = harness({ withScreen: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.events[0]).toEqual({ type: 'screen.ended' });
    h.stop();
  });

  it('restarts the checks without a waived check, and stops asking for a waived screen share', async () => {
    const h = harness();
    await vi.advanceTimersByTimeAsync(0);
    h.send({ type: 'waivers', waivers: ['face', 'screen-share'] });
    expect(h.started.at(-1)!.waivers).toEqual(['face', 'screen-share']);
    h.endShare();
    await vi.advanceTimersByTimeAsync(SCREEN_GRACE_MS * 2);
    expect(h.events).toEqual([]);
    h.stop();
  });
});
