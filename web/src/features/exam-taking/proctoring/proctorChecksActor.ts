import { type ConsentStatus, type DeviceFlag, type ProfiledProctoring, type WaivableCheck } from '@exam/shared';
import type { AnyEventObject } from 'xstate';
import { examMedia } from '../examMedia';
import { getConsent, uploadEvidence, type EvidenceUpload } from './api';
import { captureEvidence, startDeviceChecks, type DeviceCheckOptions, type DeviceChecks, type DeviceFlagEvent } from './deviceChecks';
import { onShareEnded, screenShare } from './screenShare';

/**
 * The checks on the device for the length of an attempt, as a callback actor of the exam machine:
 * face, voice and second monitor (deviceChecks), and the screen share the exam requires. Each flag
 * goes back to the machine as a violation (the session's queue sends it, offline replay included)
 * and, when the exam keeps evidence, one small picture is uploaded with it. A waiver switches its
 * check off at once; nothing here ever ends the exam.
 */

/** What a device flag adds to a violation report. */
export interface FlagFields {
  confidence: number;
  durationMs: number;
  flagId: string;
}

export interface ProctorChecksInput {
  examId: string;
  attemptId: string;
  proctoring: ProfiledProctoring;
  waivers: readonly WaivableCheck[];
  /** The student is on a rest break when the checks start (a reload mid-break). */
  onBreak?: boolean;
}

/** New waivers; or a rest break began or ended (the student may leave the desk: nothing is flagged meanwhile). */
export type ProctorChecksCommand = { type: 'waivers'; waivers: WaivableCheck[] } | { type: 'break'; onBreak: boolean };

/** What the actor tells the machine (a subset of its events, spelled here so this folder never imports the machine). */
export type ProctorChecksEvent =
  | { type: 'violation.reported'; violationType: DeviceFlag; at: number; flag: FlagFields }
  | { type: 'screen.ended' }
  | { type: 'screen.reshared' };

export interface ProctorChecksDeps {
  startDeviceChecks: (options: DeviceCheckOptions) => DeviceChecks;
  captureEvidence: typeof captureEvidence;
  uploadEvidence: (attemptId: string, evidence: EvidenceUpload) => Promise<void>;
  getConsent: (examId: string) => Promise<ConsentStatus>;
  getCamera: () => MediaStream | null;
  screen: Pick<typeof screenShare, 'get' | 'subscribe'>;
  now: () => number;
  newId: () => string;
}

/** A stopped share is a flag only if it stays stopped this long (the debounce every device flag has). */
export const SCREEN_GRACE_MS = 3000;
/** How often a camera turned on again (after a reload, say) is looked for, to point the checks at it. */
export const CAMERA_POLL_MS = 5000;
/** How long the start waits for the server's current waivers before starting the checks without them. */
export const WAIVERS_WAIT_MS = 3000;

const defaultDeps: ProctorChecksDeps = {
  startDeviceChecks,
  captureEvidence,
  uploadEvidence,
  getConsent,
  getCamera: examMedia.get,
  screen: screenShare,
  now: Date.now,
  newId: () => crypto.randomUUID(),
};

const runsAnything = (p: ProfiledProctoring) => p.enabled && (p.faceChecks.enabled || p.voiceCheck.enabled || p.secondMonitorCheck || p.screenShare.required);

export function createProctorChecks(deps: ProctorChecksDeps = defaultDeps) {
  return ({
    input,
    sendBack: send,
    receive,
  }: {
    input: ProctorChecksInput;
    sendBack: (event: AnyEventObject) => void;
    receive: (listener: (command: ProctorChecksCommand) => void) => void;
  }): (() => void) => {
    const sendBack = (event: ProctorChecksEvent) => send(event);
    let profile = input.proctoring;
    let waivers: WaivableCheck[] = [...input.waivers];
    let stopped = false;
    let resting = !!input.onBreak;
    let checks: DeviceChecks | null = null;
    let camera: MediaStream | null = null;
    const timers: ReturnType<typeof setTimeout>[] = [];
    if (!runsAnything(profile)) return () => undefined;

    const sendEvidence = async (type: DeviceFlag, flagId: string) => {
      const video = deps.getCamera();
      const screen = deps.screen.get();
      if (!video && !screen) return;
      try {
        const picture = await deps.captureEvidence({ video, screen });
        await deps.uploadEvidence(input.attemptId, { picture, flagId, kind: type, source: video ? 'camera' : 'screen' });
      } catch {
        // The flag itself is already on its way; a picture that cannot be taken or sent is only missing.
      }
    };

    const raise = (flag: DeviceFlagEvent) => {
      if (stopped || resting) return;
      sendBack({
        type: 'violation.reported',
        violationType: flag.type,
        at: deps.now(),
        flag: { confidence: flag.confidence, durationMs: flag.durationMs, flagId: flag.flagId },
      });
      if (profile.evidencePictures) void sendEvidence(flag.type, flag.flagId);
    };

    const restartChecks = () => {
      checks?.stop();
      checks = null;
      if (stopped) return;
      camera = deps.getCamera();
      checks = deps.startDeviceChecks({ profile, waivers, camera, microphone: camera, onFlag: raise });
    };

    // The screen share: its end asks the student to share again at once, and is a flag if it lasts.
    const screenRequired = () => profile.enabled && profile.screenShare.required && !waivers.includes('screen-share');
    let unwatch: (() => void) | undefined;
    let endedTimer: ReturnType<typeof setTimeout> | undefined;
    const clearEnded = () => {
      clearTimeout(endedTimer);
      endedTimer = undefined;
    };
    const shareEnded = () => {
      if (stopped || !screenRequired() || endedTimer) return;
      const endedAt = deps.now();
      sendBack({ type: 'screen.ended' });
      endedTimer = setTimeout(() => {
        endedTimer = undefined;
        if (stopped || !screenRequired() || deps.screen.get()) return;
        raise({ type: 'screen-share-ended', confidence: 1, durationMs: Math.max(SCREEN_GRACE_MS, deps.now() - endedAt), flagId: deps.newId() });
      }, SCREEN_GRACE_MS);
    };
    const watchScreen = () => {
      unwatch?.();
      unwatch = undefined;
      if (!screenRequired()) {
        clearEnded();
        return;
      }
      const stream = deps.screen.get();
      if (stream) unwatch = onShareEnded(stream, shareEnded);
      else shareEnded();
    };
    const unsubscribe = deps.screen.subscribe((stream) => {
      if (!stream || stopped) return;
      clearEnded();
      sendBack({ type: 'screen.reshared' });
      watchScreen();
    });

    // A camera granted again (the resume prompt after a reload) is a new stream: point the checks at it.
    const cameraPoll = setInterval(() => {
      if (checks && deps.getCamera() !== camera) restartChecks();
    }, CAMERA_POLL_MS);

    const begin = () => {
      if (stopped || checks) return;
      restartChecks();
      watchScreen();
    };
    // Waivers granted before this page loaded (or before a reload) come from the server; the
    // checks do not wait for it long.
    timers.push(setTimeout(begin, WAIVERS_WAIT_MS));
    void deps
      .getConsent(input.examId)
      .then((status: ConsentStatus) => {
        if (stopped) return;
        waivers = [...new Set([...waivers, ...status.waivers])];
        profile = { ...profile, ...status.profile };
        if (checks) restartChecks();
        begin();
        watchScreen();
      })
      .catch(() => begin());

    receive((command) => {
      if (command.type === 'break') {
        resting = command.onBreak;
        return;
      }
      waivers = [...command.waivers];
      restartChecks();
      watchScreen();
    });

    return () => {
      stopped = true;
      timers.forEach(clearTimeout);
      clearEnded();
      clearInterval(cameraPoll);
      unsubscribe();
      unwatch?.();
      checks?.stop();
    };
  };
}

export const proctorChecksActor = createProctorChecks();
