/**
 * A field's time zone (issue #30): weekly availability repeats at its wall-clock times, and the
 * availability form asks for times in it. The demo field is in New York; fields added before fields had
 * a zone are read as being there too (FieldAdded version 2).
 */
export const DEFAULT_FIELD_TIME_ZONE = 'America/New_York';

/** Whether Intl knows an IANA zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.trim() !== '';
  } catch {
    return false;
  }
}

export const NOT_A_TIME_ZONE = 'Choose a time zone by its IANA name, such as America/New_York.';
