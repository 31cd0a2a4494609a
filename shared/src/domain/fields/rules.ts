import type { Role } from '../users/events';

/** Who may manage fields at all; which fields they may change is decided per field (its owner, or an admin). */
export const FIELD_MANAGER_ROLES: readonly Role[] = ['field owner', 'admin'];

export const NO_DESCRIPTION = 'No description';
export const NEW_SUBFIELD_NAME = 'New Subfield';

export const FIELD_NAME_MAX_LENGTH = 100;
export const ADDRESS_MAX_LENGTH = 200;
export const CITY_MAX_LENGTH = 100;
export const DESCRIPTION_MAX_LENGTH = 2000;
export const PICTURE_MAX_LENGTH = 500;
export const SUBFIELD_NAME_MAX_LENGTH = 60;
/** A week: the longest cancellation window an owner may ask for. */
export const MAX_CANCELLATION_WINDOW_HOURS = 168;

/** $10,000 an hour: far above any real rental, low enough that a typo is caught. */
export const MAX_PRICE_PER_HOUR_CENTS = 1_000_000;
