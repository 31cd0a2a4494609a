/**
 * Which pictures the app shows: only its own. A picture is the address of one uploaded to the app
 * (stored in PostgreSQL, served by the read side) or, for a profile, one of the built-in avatars the
 * web app ships. Any other address (an https link to another site, an identity provider's picture) is
 * refused, and one already in the log from before is not shown: it would tell that site who looks at
 * whose page, e.g. the admin's user list.
 */

/** Where the read side serves an uploaded picture; its id is the SHA-256 (hex) of its stored bytes. */
export const UPLOADED_PICTURE_PATH = '/api/pictures/';
const UPLOADED_PICTURE = /^\/api\/pictures\/([0-9a-f]{64})$/;

/** The address of the uploaded picture with this id. */
export function uploadedPictureUrl(pictureId: string): string {
  return `${UPLOADED_PICTURE_PATH}${pictureId}`;
}

/** The id of an uploaded picture's address, or null when it is not one. */
export function uploadedPictureId(address: string): string | null {
  return UPLOADED_PICTURE.exec(address)?.[1] ?? null;
}

/** The built-in avatars (web/public/avatars/N.svg) a profile can pick. */
export const BUILT_IN_AVATARS: readonly string[] = Array.from(
  { length: 16 },
  (_, index) => `/avatars/${index + 1}.svg`,
);
/** A new account's picture, and what is shown instead of a picture from elsewhere. */
export const DEFAULT_AVATAR = BUILT_IN_AVATARS[0]!;

export const FIELD_PICTURE_REFUSED = 'Upload a photo of the field: the picture must be one uploaded to Playtime';
export const PROFILE_PICTURE_REFUSED = 'Choose one of the built-in avatars or upload a picture';

/** A field's (and a game's) picture: none, or one uploaded to the app. */
export function isFieldPicture(picture: string): boolean {
  return picture === '' || uploadedPictureId(picture) !== null;
}

/** A profile's picture: none, a built-in avatar, or one uploaded to the app. */
export function isProfilePicture(picture: string): boolean {
  return isFieldPicture(picture) || BUILT_IN_AVATARS.includes(picture);
}

/** The field picture to show for a stored one: a picture from elsewhere shows as none (the placeholder). */
export function shownFieldPicture(picture: string): string {
  return isFieldPicture(picture) ? picture : '';
}

/** The profile picture to show for a stored one: a picture from elsewhere shows as the default avatar. */
export function shownProfilePicture(picture: string): string {
  return isProfilePicture(picture) ? picture : DEFAULT_AVATAR;
}
