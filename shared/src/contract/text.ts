import { z } from 'zod';

/**
 * Text every service can store. PostgreSQL refuses the NUL character in text and a lone UTF-16
 * surrogate cannot be encoded as UTF-8, so either would fail deep in a write (a 500) instead of at
 * the door: every text and id a request carries (bodies and query strings) is read through these.
 */
const UNPAIRED_SURROGATE = /[\uD800-\uDFFF]/u;

/** Why `text` cannot be stored, or undefined when it can. */
export function unstorableTextProblem(text: string, label: string): string | undefined {
  if (text.includes('\u0000')) return `${label} must not contain the NUL character (\\u0000).`;
  // With the u flag a surrogate pair is one code point, so only an unpaired half matches.
  if (UNPAIRED_SURROGATE.test(text))
    return `${label} contains a broken character (an unpaired UTF-16 surrogate); send valid Unicode text.`;
  return undefined;
}

/**
 * A text value that PostgreSQL can store; refused with a message naming `label` otherwise.
 * `notText` is the message for a missing value or one that is not text.
 */
export const storableText = (label: string, notText = `${label} must be text`) =>
  z.string({ error: notText }).check((ctx) => {
    const problem = unstorableTextProblem(ctx.value, label);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  });

/**
 * Issue #41: a name is one line. A line break in a nickname put a 'Bcc:' line into a mail's body, and
 * names are shown in headings, lists, mails and calendar entries: C0 and C1 control characters (CR,
 * LF and tab among them), DEL and the Unicode line and paragraph separators are refused. NUL is
 * storableText's own refusal.
 */
const CONTROL_CHARACTER = /[\p{Cc}\u2028\u2029]/u;

/** Why `text` is no single line, or undefined when it is. */
export function singleLineTextProblem(text: string, label: string): string | undefined {
  if (CONTROL_CHARACTER.test(text.replaceAll('\u0000', '')))
    return `${label} must be one line: no line breaks, tabs or other control characters.`;
  return undefined;
}

/** storableText for a name or any other one-line input (singleLineTextProblem). */
export const singleLineText = (label: string, notText?: string) =>
  storableText(label, notText).check((ctx) => {
    const problem = singleLineTextProblem(ctx.value, label);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  });

/** A form's one-line text (formText and singleLineText). */
export const singleLineFormText = (label: string) =>
  singleLineText(label)
    .nullish()
    .transform((value) => value ?? '');

/** A form's text: missing or null is empty, which the form's own rules then name. */
export const formText = (label: string) =>
  storableText(label)
    .nullish()
    .transform((value) => value ?? '');

export const ID_MAX_LENGTH = 100;

/** An id of something the caller names (a field, a sub-field, a user), required. */
export const requiredId = (name: string) =>
  storableText(name, `${name} is required`)
    .trim()
    .min(1, `${name} is required`)
    .max(ID_MAX_LENGTH, `${name} can be at most ${ID_MAX_LENGTH} characters`);
