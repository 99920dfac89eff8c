import { describe, expect, it, vi } from 'vitest';
import { inboundVideo, linkIsWeak, watchLink, type InboundSample } from './weakLink';

/** One sample a second at a steady rate (kbit/s) and loss share, from t = 0. */
function run(seconds: number, kbps: number, loss = 0, start: InboundSample = { at: 0, bytesReceived: 0, packetsReceived: 0, packetsLost: 0 }): InboundSample[] {
  const out = [start];
  for (let i = 1; i <= seconds; i++) {
    const prev = out[out.length - 1]!;
    out.push({ at: prev.at + 1000, bytesReceived: prev.bytesReceived + (kbps * 1000) / 8, packetsReceived: prev.packetsReceived + Math.round(100 * (1 - loss)), packetsLost: prev.packetsLost + Math.round(100 * loss) });
  }
  return out;
}

describe('the weak-link decision', () => {
  it('keeps live video on a good link', () => {
    expect(linkIsWeak(run(10, 800))).toBe(false);
  });

  it('gives up on live video after 5 s under 150 kbit/s, not before', () => {
    expect(linkIsWeak(run(4, 100))).toBe(false);
    expect(linkIsWeak(run(5, 100))).toBe(true);
  });

  it('gives up after 5 s of more than 10 % packets lost, even at a good rate', () => {
    expect(linkIsWeak(run(6, 800, 0.2))).toBe(true);
    expect(linkIsWeak(run(6, 800, 0.05))).toBe(false);
  });

  it('forgives a short dip: only the last 5 s count, and all of them must be weak', () => {
    const good = run(5, 800);
    const dip = run(3, 50, 0, good[good.length - 1]);
    const back = run(3, 800, 0, dip[dip.length - 1]);
    expect(linkIsWeak([...good, ...dip.slice(1), ...back.slice(1)])).toBe(false);
  });

  it('reads the inbound video counters from a stats report', () => {
    const report = new Map<string, Record<string, unknown>>([
      ['a', { type: 'inbound-rtp', kind: 'audio', bytesReceived: 5 }],
      ['v', { type: 'inbound-rtp', kind: 'video', bytesReceived: 1000, packetsReceived: 10, packetsLost: 1 }],
    ]);
    expect(inboundVideo(report, 42)).toEqual({ at: 42, bytesReceived: 1000, packetsReceived: 10, packetsLost: 1 });
    expect(inboundVideo(new Map(), 42)).toBeNull();
  });
});

describe('watching a live tile’s link', () => {
  it('calls it weak once, after 5 s of a slow link, and stops reading', async () => {
    vi.useFakeTimers();
    try {
      const samples = [...run(3, 800), ...run(8, 100, 0, run(3, 800)[3]).slice(1)];
      let i = 0;
      const read = vi.fn(async () => samples[Math.min(i++, samples.length - 1)] ?? null);
      const onWeak = vi.fn();
      watchLink(read, onWeak);
      await vi.advanceTimersByTimeAsync(7000);
      expect(onWeak).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(2000);
      expect(onWeak).toHaveBeenCalledTimes(1);
      const reads = read.mock.calls.length;
      await vi.advanceTimersByTimeAsync(10_000);
      expect(read.mock.calls.length).toBe(reads);
      expect(onWeak).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
