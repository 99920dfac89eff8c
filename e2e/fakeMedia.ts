import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Camera videos for Chromium's fake capture device (`--use-file-for-fake-video-capture`), cut with
 * ffmpeg from the demo photos @vladmandic/face-api ships (the recipe of scripts/bench/proctorChecks.ts).
 * They are made on demand under .tmp/ and never committed: the photos' licence is the package's.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MEDIA = path.join(ROOT, '.tmp', 'e2e-media');
const PHOTOS = path.join(ROOT, 'node_modules', '@vladmandic', 'face-api', 'demo');

/** Crops checked by eye: one woman's face, a sofa with a hand and no face, a group of four. */
const VIDEOS = {
  one: { photo: 'sample1.jpg', filter: 'crop=640:480:1280:60' },
  none: { photo: 'sample2.jpg', filter: 'crop=640:480:0:800' },
  many: { photo: 'sample6.jpg', filter: 'scale=640:-2,crop=640:480:0:0' },
} as const;
export type FakeVideo = keyof typeof VIDEOS;

function ffmpeg(args: string[]): void {
  try {
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    // Installing is the machine's business (.ci/run), not a test's.
    throw new Error(missing ? 'ffmpeg is not installed: the fake camera videos need it (apt-get install -y ffmpeg)' : `ffmpeg failed: ${String(error)}`, { cause: error });
  }
}

/** The absolute path of a y4m video of the still (made once; Chromium loops it as a steady camera). */
export function fakeVideo(name: FakeVideo): string {
  const out = path.join(MEDIA, `${name}.y4m`);
  if (existsSync(out)) return out;
  mkdirSync(MEDIA, { recursive: true });
  const { photo, filter } = VIDEOS[name];
  const source = path.join(PHOTOS, photo);
  if (!existsSync(source)) throw new Error(`${source} is missing: the fake videos are cut from @vladmandic/face-api's demo photos (npm ci)`);
  const png = path.join(MEDIA, `${name}.png`);
  ffmpeg(['-i', source, '-vf', filter, png]);
  // Written beside and renamed, so a run stopped half-way never leaves a truncated video behind.
  const partial = path.join(MEDIA, `${name}.partial.y4m`);
  ffmpeg(['-loop', '1', '-i', png, '-t', '2', '-r', '5', '-pix_fmt', 'yuv420p', partial]);
  renameSync(partial, out);
  return out;
}

/** Chromium flags for a browser whose camera shows `video` and whose screen share is granted unasked. */
export function fakeMediaArgs(video: FakeVideo): string[] {
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${fakeVideo(video)}`,
    '--auto-select-desktop-capture-source=Entire screen',
  ];
}
