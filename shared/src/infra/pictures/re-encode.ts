import sharp, { type Metadata } from 'sharp';
import {
  PICTURE_FORMATS,
  PICTURE_MAX_PIXELS,
  PICTURE_MIN_SIDE,
  PICTURE_REFUSALS,
  PICTURE_STORED_MAX_SIDE,
  type PictureRefusal,
} from '../../contract/pictures';

/** An upload that is not a picture the app takes; `reason` names the contract's message. */
export class PictureRefused extends Error {
  constructor(readonly reason: PictureRefusal) {
    super(PICTURE_REFUSALS[reason]);
  }
}

export interface EncodedPicture {
  bytes: Buffer;
  width: number;
  height: number;
}

/** WebP at this quality is about a third of the JPEG a phone takes, with no visible loss on a card. */
const WEBP_QUALITY = 82;

function isTakenFormat(format: string | undefined): boolean {
  return format !== undefined && Object.hasOwn(PICTURE_FORMATS, format);
}

/**
 * Reads what the bytes are (never the file's name or Content-Type) and draws the picture anew as
 * WebP: turned upright as its EXIF says, at most PICTURE_STORED_MAX_SIDE on its longest side, and
 * with no metadata at all (sharp writes none unless asked), so no camera's location or serial
 * number, and nothing a crafted file carried beside its pixels, reaches anyone who sees it.
 * SVG is refused: it is a document that can hold links and scripts, not a photo.
 */
export async function reEncodePicture(upload: Buffer): Promise<EncodedPicture> {
  if (upload.length === 0) throw new PictureRefused('empty');
  let metadata: Metadata;
  try {
    // Only the header is read here; the pixel limit is checked below with its own message.
    metadata = await sharp(upload, { limitInputPixels: false }).metadata();
  } catch {
    throw new PictureRefused('not_a_picture');
  }
  if (!isTakenFormat(metadata.format)) throw new PictureRefused('not_a_picture');
  const { width, height } = metadata;
  if (!width || !height) throw new PictureRefused('not_a_picture');
  if (width * height > PICTURE_MAX_PIXELS) throw new PictureRefused('too_many_pixels');
  if (Math.min(width, height) < PICTURE_MIN_SIDE) throw new PictureRefused('too_small');
  try {
    const { data, info } = await sharp(upload, { limitInputPixels: PICTURE_MAX_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize({
        width: PICTURE_STORED_MAX_SIDE,
        height: PICTURE_STORED_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    // A header that reads as a picture over pixels that do not (a truncated or corrupt file).
    throw new PictureRefused('not_a_picture');
  }
}
