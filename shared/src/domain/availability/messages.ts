/** Refusals shared by many commands: the sub-field or window named is gone, or its field is no longer offered. */
export const NO_SUCH_SUBFIELD = 'There is no sub-field with this id.';
export const NO_SUCH_WINDOW = 'There is no availability with this id.';
export const FIELD_WITHDRAWN = "This field is no longer offered: its owner's account was deleted.";
