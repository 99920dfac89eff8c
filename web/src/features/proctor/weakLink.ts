/** Under this inbound video rate the live tile is no better than pictures. */
export const WEAK_KBPS = 150;
/** Over this share of packets lost the live tile freezes and smears. */
export const WEAK_LOSS = 0.1;
/** A link must stay weak this long before the tile gives up on live video: a hiccup is not a slow link. */
export const WEAK_FOR_MS = 5_000;

/** Cumulative inbound video counters, as `getStats` reports them in its `inbound-rtp` entry. */
export interface InboundSample {
  at: number;
  bytesReceived: number;
  packetsReceived: number;
  packetsLost: number;
}

/** Whether the link between two samples was weak: too slow, or losing too much. */
export function weakBetween(before: InboundSample, after: InboundSample): boolean {
  const ms = after.at - before.at;
  if (ms <= 0) return false;
  const kbps = ((after.bytesReceived - before.bytesReceived) * 8) / ms;
  const received = after.packetsReceived - before.packetsReceived;
  const lost = Math.max(0, after.packetsLost - before.packetsLost);
  const loss = received + lost > 0 ? lost / (received + lost) : 0;
  return kbps < WEAK_KBPS || loss > WEAK_LOSS;
}

/**
 * The weak-link decision over a run of samples, oldest first: true once every interval of the
 * last WEAK_FOR_MS (or longer) was weak. One good interval clears it.
 */
export function linkIsWeak(samples: readonly InboundSample[], forMs = WEAK_FOR_MS): boolean {
  if (samples.length < 2) return false;
  const last = samples[samples.length - 1]!;
  for (let i = samples.length - 1; i > 0; i--) {
    const after = samples[i]!;
    const before = samples[i - 1]!;
    if (!weakBetween(before, after)) return false;
    if (last.at - before.at >= forMs) return true;
  }
  return false;
}

/** The inbound video entry of an RTCStatsReport, as a sample; null before any video arrived. */
export function inboundVideo(report: { forEach: (fn: (entry: Record<string, unknown>) => void) => void }, at: number): InboundSample | null {
  let found: InboundSample | null = null;
  report.forEach((entry) => {
    if (entry.type === 'inbound-rtp' && (entry.kind === 'video' || entry.mediaType === 'video')) {
      found = { at, bytesReceived: Number(entry.bytesReceived ?? 0), packetsReceived: Number(entry.packetsReceived ?? 0), packetsLost: Number(entry.packetsLost ?? 0) };
    }
  });
  return found;
}

/** How often a live tile reads its peer's counters. */
export const STATS_EVERY_MS = 1_000;

/**
 * Reads the link's counters every STATS_EVERY_MS and calls `onWeak` once, the first time the
 * link has been weak for WEAK_FOR_MS; then it stops reading. The returned function stops it early.
 */
export function watchLink(read: () => Promise<InboundSample | null>, onWeak: () => void, everyMs = STATS_EVERY_MS): () => void {
  let samples: InboundSample[] = [];
  let stopped = false;
  const timer = setInterval(() => {
    void read().then(
      (sample) => {
        if (stopped || !sample) return;
        // Just over the window is enough to judge it.
        samples = [...samples, sample].filter((s) => sample.at - s.at <= WEAK_FOR_MS + 2 * everyMs);
        if (!linkIsWeak(samples)) return;
        stop();
        onWeak();
      },
      () => undefined,
    );
  }, everyMs);
  const stop = () => {
    stopped = true;
    clearInterval(timer);
  };
  return stop;
}
