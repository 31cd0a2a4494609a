/**
 * `npx tsx web/build-tools/make-app-icons.ts`: the installable app's icons (issue #46), drawn from the
 * logo (src/assets/logo.svg) into public/icons/, where the manifest names them. Run again when the logo
 * changes and commit the PNGs: the build copies them as they are.
 * - icon-<size>.png: the logo as it is (rounded corners on transparency), for launchers that show it whole.
 * - maskable-<size>.png: the logo on a full square of its own green, inside the middle 70%, so a
 *   launcher's circle or squircle mask (which keeps at least the middle 80%) never cuts it.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const WEB_DIR = path.resolve(import.meta.dirname, '..');
const LOGO = readFileSync(path.join(WEB_DIR, 'src/assets/logo.svg'));
const ICONS_DIR = path.join(WEB_DIR, 'public/icons');
/** The logo's own darker green (its outer square): the maskable icon's background blends with it. */
const LOGO_GREEN = '#1f994b';
const MASKABLE_LOGO_SHARE = 0.7;

const logoAt = (size: number) =>
  sharp(LOGO, { density: (72 * size) / 64 })
    .resize(size, size)
    .png()
    .toBuffer();

async function makeIcon(size: number): Promise<void> {
  await sharp(await logoAt(size))
    .png({ compressionLevel: 9 })
    .toFile(path.join(ICONS_DIR, `icon-${size}.png`));
}

async function makeMaskable(size: number): Promise<void> {
  const logoSize = Math.round(size * MASKABLE_LOGO_SHARE);
  const offset = Math.round((size - logoSize) / 2);
  await sharp({ create: { width: size, height: size, channels: 4, background: LOGO_GREEN } })
    .composite([{ input: await logoAt(logoSize), left: offset, top: offset }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(ICONS_DIR, `maskable-${size}.png`));
}

mkdirSync(ICONS_DIR, { recursive: true });
await Promise.all([makeIcon(192), makeIcon(512), makeMaskable(192), makeMaskable(512), makeIcon(180)]);
console.log(`Icons written to ${path.relative(process.cwd(), ICONS_DIR)}`);
