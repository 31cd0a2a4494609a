/**
 * POST /api/upload-picture: the raw bytes of one image as the body (any Content-Type: what the bytes
 * are is read from them, not from the header). Answers 201 with an UploadedPicture; a field's or a
 * profile's picture is then that `url`. Each limit below comes with the message a person is shown.
 */
export const UPLOAD_PICTURE_PATH = '/api/upload-picture';

/** The largest file taken: 5 MB (a phone's photo), refused with 413 before it is read whole. */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/** No side shorter: a smaller image is no photo of a field, and upscaled it would only blur. */
export const PICTURE_MIN_SIDE = 64;
/** At most this many pixels are decoded (a small file can hold a huge image that would exhaust memory). */
export const PICTURE_MAX_PIXELS = 50_000_000;
/** The stored picture's longest side: more than any card or dialog shows. */
export const PICTURE_STORED_MAX_SIDE = 1600;

/** Uploads one user may make in an hour: far above any owner's or profile's need, low enough that no one fills the database. */
export const PICTURE_UPLOADS_PER_HOUR = 30;
/**
 * Uploads one client network (an IPv4 address, an IPv6 /64) may make in an hour (issue #41), whoever
 * is logged in: a few users' worth, so the accounts one network can make cannot fill the database.
 */
export const PICTURE_UPLOADS_PER_HOUR_PER_NETWORK = 100;

/** The formats taken, as sharp names them, with what a person calls them. */
export const PICTURE_FORMATS = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', gif: 'GIF' } as const;
export type PictureFormat = keyof typeof PICTURE_FORMATS;
/** The file input's `accept`: what the browser offers to pick (the server still reads what the bytes are). */
export const PICTURE_FILE_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

const FORMAT_NAMES = Object.values(PICTURE_FORMATS);
const FORMATS_TAKEN = `${FORMAT_NAMES.slice(0, -1).join(', ')} or ${FORMAT_NAMES.at(-1)}`;
const MAX_MEGABYTES = `${PICTURE_MAX_BYTES / 1024 / 1024} MB`;
/** What a file input says it takes. */
export const PICTURE_UPLOAD_HINT = `${FORMATS_TAKEN}, up to ${MAX_MEGABYTES}`;
export const PICTURE_REFUSALS = {
  empty: 'Choose a picture to upload.',
  too_large: `The picture is larger than ${MAX_MEGABYTES}. Choose a smaller file.`,
  not_a_picture: `This file is not a picture Playtime can use. Upload a ${FORMATS_TAKEN} image.`,
  too_small: `The picture is too small. It must be at least ${PICTURE_MIN_SIDE} by ${PICTURE_MIN_SIDE} pixels.`,
  too_many_pixels: `The picture has more than ${PICTURE_MAX_PIXELS / 1_000_000} million pixels. Choose a smaller one.`,
  too_many_uploads: `You have uploaded ${PICTURE_UPLOADS_PER_HOUR} pictures in the last hour. Please wait a while before uploading more.`,
  too_many_uploads_from_network: `${PICTURE_UPLOADS_PER_HOUR_PER_NETWORK} pictures were uploaded from your network in the last hour. Please wait a while before uploading more.`,
} as const;
export type PictureRefusal = keyof typeof PICTURE_REFUSALS;

/** The answer of POST /api/upload-picture. */
export interface UploadedPicture {
  /** The picture's address on this app (GET it from the read side); store this as the picture. */
  url: string;
  width: number;
  height: number;
  /** Of the stored (re-encoded) picture. */
  bytes: number;
}

/** Uploaded pictures never change (the address is their content's hash), so they are cached for a year. */
export const PICTURE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Pictures are stored as WebP. */
export const STORED_PICTURE_TYPE = 'image/webp';
