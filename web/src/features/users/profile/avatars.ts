/** The 16 preset avatars (web/public/avatars/N.svg); profilePicture stores the path. */
export const PRESET_AVATARS: readonly string[] = Array.from({ length: 16 }, (_, index) => `/avatars/${index + 1}.svg`);
