/**
 * A camera for Chromium to see (issue #44): a y4m video of a QR code, written as Chromium's fake video
 * capture reads it (`--use-file-for-fake-video-capture`), and a Chromium of its own that films it. The
 * file is read each time a page opens the camera, so a test rewrites it with the code of the moment
 * just before the page starts scanning.
 */
import { writeFileSync } from 'node:fs';
import { create } from 'qrcode';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from './browser';

/**
 * The picture's side, even (4:2:0 halves it), with room around the code as a phone held back would see
 * it: the code takes about half of it, inside the middle two thirds that the scanner looks at.
 */
const FRAME_SIDE = 720;
/** Pixels per QR module at most and at least (the white around the code is far wider than its quiet zone). */
const MAX_MODULE_PIXELS = 10;
const MIN_MODULE_PIXELS = 8;
/** Luma of video range: black and white as a camera delivers them. */
const BLACK = 16;
const WHITE = 235;
const FRAMES = 5;

/**
 * One picture's luma plane: the QR code of `text` (error correction M, as the app draws it) in the
 * middle of a white frame, or a white frame when `text` is null.
 */
function lumaOf(text: string | null): Uint8Array {
  const luma = new Uint8Array(FRAME_SIDE * FRAME_SIDE).fill(WHITE);
  if (text === null) return luma;
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const modulePixels = Math.min(MAX_MODULE_PIXELS, Math.floor(FRAME_SIDE / 2 / modules.size));
  if (modulePixels < MIN_MODULE_PIXELS)
    throw new Error(
      `a QR code of ${modules.size} modules does not fit ${FRAME_SIDE} px at ${MIN_MODULE_PIXELS} px a module`,
    );
  const origin = Math.floor((FRAME_SIDE - modules.size * modulePixels) / 2);
  for (let row = 0; row < modules.size; row++)
    for (let column = 0; column < modules.size; column++) {
      if (!modules.get(row, column)) continue;
      for (let y = 0; y < modulePixels; y++) {
        const start = (origin + row * modulePixels + y) * FRAME_SIDE + origin + column * modulePixels;
        luma.fill(BLACK, start, start + modulePixels);
      }
    }
  return luma;
}

/** Writes a y4m video (4:2:0, a few identical frames; Chromium loops it) of the QR code of `text` to `file`. */
export function writeQrVideo(file: string, text: string | null): void {
  const luma = lumaOf(text);
  // Grey: no colour in either chroma plane, each a quarter of the luma plane.
  const chroma = new Uint8Array((FRAME_SIDE / 2) * (FRAME_SIDE / 2)).fill(128);
  const header = Buffer.from(`YUV4MPEG2 W${FRAME_SIDE} H${FRAME_SIDE} F10:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
}

/**
 * A headless Chromium whose camera films `file` (and asks no permission of anyone): the phone of a
 * player who scans.
 */
export function launchBrowserWithCamera(file: string): Promise<Browser> {
  return chromium.launch({
    executablePath: TEST_CHROMIUM_PATH,
    headless: true,
    args: [
      ...CHROMIUM_FLAGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${file}`,
    ],
  });
}
