import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { formErrors } from '../../lib/api-error';
import { errorMessage } from '../../lib/notify';
/**
 * The Start Date / End Date inputs are `datetime-local`: their value is 'YYYY-MM-DDTHH:mm' in the
 * browser's time zone (spec §7: dates are formatted that way in edit forms; §9: the browser's zone).
 */

dayjs.extend(utc);
dayjs.extend(timezone);

/*
 * With a `timeZone` (the field's, issue #30) the inputs hold that zone's wall-clock time instead, so
 * an owner travelling abroad still types the times of the pitch.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as a datetime-local value in the browser's time zone; '' for an unreadable date. */
export function toDateTimeLocal(date: Date | string | number, timeZone?: string): string {
  const d = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(d.getTime())) return '';
  if (timeZone) return dayjs(d).tz(timeZone).format('YYYY-MM-DDTHH:mm');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const DATETIME_LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/** A datetime-local value read in the browser's time zone; undefined when empty or not a real time. */
export function parseDateTimeLocal(value: string, timeZone?: string): Date | undefined {
  const match = DATETIME_LOCAL.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (timeZone) {
    const wall = `${match[1]}-${match[2]}-${match[3]} ${match[4]}:${match[5]}:${pad(second)}`;
    const inZone = dayjs.tz(wall, 'YYYY-MM-DD HH:mm:ss', timeZone);
    // Rejects 2025-02-30 and the like, which would roll over into the next month.
    return inZone.isValid() && dayjs.utc(wall.slice(0, 10)).format('YYYY-MM-DD') === wall.slice(0, 10)
      ? inZone.toDate()
      : undefined;
  }
  const date = new Date(year, month - 1, day, hour, minute, second);
  // Rejects 2025-02-30 and the like, which Date would roll over into the next month.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return undefined;
  return date;
}

export interface WindowInputs {
  startDate: string;
  endDate: string;
}

export type WindowErrors = Partial<Record<keyof WindowInputs, string>>;

/** The API body's fields of add- and edit-field-schedule, by the input each is typed in (`formErrors`). */
export const WINDOW_INPUT_OF = { startDate: 'startDate', endDate: 'endDate' } as const satisfies Record<
  string,
  keyof WindowInputs
>;

/**
 * A refused window's message beside the dates: at the date the server names, else at End Date (an
 * overlap or a window too short is about the pair). The owner's typing stays for the next try.
 */
export function refusedWindowErrors(error: unknown): WindowErrors {
  const errors = formErrors(error, WINDOW_INPUT_OF);
  if (errors.startDate || errors.endDate) return errors;
  return { endDate: errorMessage(error) };
}

export type WindowResult = { ok: true; startDate: Date; endDate: Date } | { ok: false; errors: WindowErrors };

/**
 * The two inputs as the dates to send. Only what cannot be sent at all is refused here (an empty or
 * unreadable input); every rule about the window itself (end after start, the half-hour grid, the
 * past, overlaps) is the server's, and its message is shown as it says it.
 */
export function readWindow(inputs: WindowInputs, timeZone?: string): WindowResult {
  const startDate = parseDateTimeLocal(inputs.startDate, timeZone);
  const endDate = parseDateTimeLocal(inputs.endDate, timeZone);
  const errors: WindowErrors = {};
  if (!startDate) errors.startDate = 'Start Date is required';
  if (!endDate) errors.endDate = 'End Date is required';
  if (!startDate || !endDate) return { ok: false, errors };
  return { ok: true, startDate, endDate };
}
