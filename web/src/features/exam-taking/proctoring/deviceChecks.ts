import type { DeviceFlag, ProctoringProfile, WaivableCheck } from '@exam/shared';
import { captureJpeg, type FrameSource } from './evidence';
import { createFaceClient, sampleFaces, type FaceClient } from './faceClient';
import { createFaceRules } from './faceRules';
import { watchSecondMonitor } from './monitorCheck';
import { startVoiceMonitor } from './voiceMonitor';
import { createVoiceRules } from './voiceRules';

/**
 * The checks that run on the student's own device during an attempt (issue 58): face (missing,
 * several, looking away), voice and a second monitor. Nothing seen or heard leaves the device: a
 * flag carries only its kind, how sure the check was and how long the condition lasted.
 * The screen share and its "ended" flag belong to the screen watcher, not to these checks.
 */

/** One flag, ready for the `violation` event (`flagId` links an evidence picture to it). */
export interface DeviceFlagEvent {
  type: DeviceFlag;
  /** 0..1: how sure the check was over the flagged time. */
  confidence: number;
  /** How long the condition lasted when it was flagged; never under 3 s. */
  durationMs: number;
  flagId: string;
}

export interface DeviceCheckOptions {
  profile: Pick<ProctoringProfile, 'faceChecks' | 'voiceCheck' | 'secondMonitorCheck'>;
  /** Checks waived for this student: a waived check does not run at all. */
  waivers: readonly WaivableCheck[];
  /** The granted camera stream, or null when there is none (then no face check runs). */
  camera: MediaStream | null;
  /** The granted microphone stream (often the same stream as the camera), or null. */
  microphone: MediaStream | null;
  onFlag(flag: DeviceFlagEvent): void;
}

export interface DeviceChecks {
  /** Stops every check, its timers, its audio graph and its worker. Safe to call twice. */
  stop(): void;
}

/** The face checks sample at most twice a second (the ceiling, and the cost budget). */
export const FACE_SAMPLE_MS = 500;

const newFlagId = (): string => crypto.randomUUID();

export function startDeviceChecks(options: DeviceCheckOptions): DeviceChecks {
  const { profile, waivers, camera, microphone } = options;
  const waived = (check: WaivableCheck) => waivers.includes(check);
  const emit = (flag: Omit<DeviceFlagEvent, 'flagId'>) => options.onFlag({ ...flag, flagId: newFlagId() });
  const stops: Array<() => void> = [];

  const faceOn = profile.faceChecks.enabled && !waived('face') && !waived('camera') && hasLive(camera, 'video');
  if (faceOn && camera) {
    const rules = createFaceRules(profile.faceChecks);
    const client = ownFaceClient();
    stops.push(
      sampleFaces({ client, source: camera, everyMs: FACE_SAMPLE_MS, onSample: (sample) => rules.push(sample).forEach(emit) }),
      () => releaseFaceClient(client),
    );
  }

  const voiceOn = profile.voiceCheck.enabled && !waived('voice') && !waived('microphone') && hasLive(microphone, 'audio');
  if (voiceOn && microphone) {
    const rules = createVoiceRules(profile.voiceCheck);
    stops.push(startVoiceMonitor(microphone, (sample) => rules.push(sample).forEach(emit)));
  }

  if (profile.secondMonitorCheck && !waived('second-monitor')) stops.push(watchSecondMonitor(emit));

  let stopped = false;
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      stops.forEach((stop) => stop());
    },
  };
}

function hasLive(stream: MediaStream | null, kind: 'audio' | 'video'): boolean {
  return !!stream && stream.getTracks().some((t) => t.kind === kind && t.readyState === 'live');
}

export interface FaceModel {
  /** How many faces the detector sees in the video's current frame. */
  facesIn(video: HTMLVideoElement): Promise<number>;
}

// One worker per tab: the system check loads the model and the exam's checks reuse it, so the
// model files are read (from the cache) and compiled once.
let shared: { client: FaceClient; users: number } | null = null;

function ownFaceClient(): FaceClient {
  shared ??= { client: createFaceClient(), users: 0 };
  shared.users += 1;
  return shared.client;
}

function releaseFaceClient(client: FaceClient): void {
  if (!shared || shared.client !== client) return;
  shared.users -= 1;
  if (shared.users <= 0) {
    shared.client.terminate();
    shared = null;
  }
}

/**
 * Loads the face model in its worker (for the system check's "one face seen" row). The worker is
 * kept for the exam's checks; it ends when they stop, or with `release()` if the exam never starts.
 */
export async function loadFaceModel(): Promise<FaceModel & { release(): void }> {
  const client = ownFaceClient();
  try {
    await client.ready();
  } catch (error) {
    releaseFaceClient(client);
    throw error;
  }
  let released = false;
  return {
    facesIn: async (video) => (await client.detect(video)).faces,
    release() {
      if (released) return;
      released = true;
      releaseFaceClient(client);
    },
  };
}

/**
 * One small JPEG (at most 60 KB) of what the camera sees, beside the shared screen when there is
 * one: the only picture ever kept, and only for a flag. Sources are a playing video element or a
 * live stream; a missing source is left out.
 */
export function captureEvidence(sources: { video: FrameSource | null; screen: FrameSource | null }): Promise<Blob> {
  return captureJpeg(sources);
}
export type { FrameSource };
