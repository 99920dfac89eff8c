import { MAX_EVIDENCE_BYTES } from '@exam/shared';
import { describe, expect, it } from 'vitest';
import { captureJpeg, encodeWithin, EvidenceError } from './evidence';

/** A JPEG encoder whose output shrinks with the quality, as a real one's does. */
const encoderOfSize = (bytesAtFull: number, asked: number[]) => (quality: number) => {
  asked.push(quality);
  return Promise.resolve(new Blob([new Uint8Array(Math.round(bytesAtFull * quality))], { type: 'image/jpeg' }));
};

describe('evidence picture size', () => {
  it('keeps the sharpest quality that fits in 60 KB', async () => {
    const asked: number[] = [];
    const blob = await encodeWithin(encoderOfSize(100_000, asked));
    expect(blob.size).toBeLessThanOrEqual(MAX_EVIDENCE_BYTES);
    expect(asked).toEqual([0.7, 0.6]);
  });

  it('takes the first try of a simple picture', async () => {
    const asked: number[] = [];
    await encodeWithin(encoderOfSize(20_000, asked));
    expect(asked).toEqual([0.7]);
  });

  it('refuses rather than send a picture over 60 KB', async () => {
    await expect(encodeWithin(encoderOfSize(10_000_000, []))).rejects.toThrow(EvidenceError);
  });

  it('refuses when there is no camera and no screen to take from', async () => {
    await expect(captureJpeg({ video: null, screen: null })).rejects.toMatchObject({ reason: 'no-source' });
  });
});
