/**
 * Partner applications from a published spreadsheet (PARTNER_SHEET_URL: a CSV export or a page with
 * an HTML table, e.g. Google Sheets' "publish to the web"). Each row goes through the same decider as
 * the landing page's form, under an id derived from its email and field name, so reading the sheet
 * again, or two processes reading it at once, adds nothing twice. Each run is recorded with its row
 * errors for the admins' tab.
 */
import { createHash, randomUUID } from 'node:crypto';
import { parse as parseCsv } from 'csv-parse/sync';
import { parse as parseHtml } from 'node-html-parser';
import {
  partnerApplicationDecider,
  partnerSheetDecider,
  type SheetImport,
} from '@playtime/shared/domain/partners/decider';
import { applicationProblems } from '@playtime/shared/domain/partners/rules';
import {
  PARTNER_SHEET_STREAM,
  partnerApplicationStream,
  type PartnerApplicationForm,
} from '@playtime/shared/domain/partners/events';
import { commandDoorOf, type CommandDoor } from '@playtime/shared/infra/commands/command-door';
import type { EventStore } from '@playtime/shared/infra/eventstore/port';
import type { Config } from '@playtime/shared/infra/config/config';
import { selectJobBackend } from '@playtime/shared/infra/jobs/port';
import { JOB_QUEUES } from '@playtime/shared/infra/jobs/queues';
import { startRepeatingJob } from '@playtime/shared/infra/jobs/repeating';
import type { Logger } from '@playtime/shared/infra/logging';

/** The form's inputs and the column headers that name them (compared without case, spaces or punctuation). */
const COLUMNS: Record<keyof PartnerApplicationForm, string[]> = {
  contactName: ['contact name', 'contact', 'name'],
  email: ['email', 'email address', 'e-mail'],
  phone: ['phone', 'phone number', 'telephone'],
  fieldName: ['field name', 'field', 'venue'],
  address: ['address', 'street address', 'street'],
  zipCode: ['zip code', 'zip', 'zipcode', 'postal code'],
  city: ['city', 'town'],
  subFields: ['number of sub-fields', 'sub-fields', 'subfields', 'number of subfields', 'pitches'],
  message: ['message', 'notes', 'comments'],
};
const REQUIRED: (keyof PartnerApplicationForm)[] = [
  'contactName',
  'email',
  'phone',
  'fieldName',
  'address',
  'zipCode',
  'city',
  'subFields',
];
const LABELS: Record<keyof PartnerApplicationForm, string> = {
  contactName: 'Contact name',
  email: 'Email',
  phone: 'Phone',
  fieldName: 'Field name',
  address: 'Address',
  zipCode: 'Zip Code',
  city: 'City',
  subFields: 'Number of sub-fields',
  message: 'Message',
};

const key = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');
const FETCH_TIMEOUT_MS = 10_000;

/** The sheet's cells, header first: from CSV, or from the first HTML table (th or td cells). */
export function readCells(body: string, contentType: string): string[][] {
  const html = /html/i.test(contentType) || /^\s*</.test(body);
  if (!html)
    return parseCsv(body, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  const table = parseHtml(body).querySelector('table');
  if (!table) throw new Error('The page has no table.');
  return table
    .querySelectorAll('tr')
    .map((tr) => tr.querySelectorAll('th, td').map((cell) => cell.text.trim()))
    .filter((cells) => cells.some((cell) => cell !== ''));
}

export type SheetRows =
  | { ok: true; rows: Array<{ row: number; form: PartnerApplicationForm | null; problem: string | null }> }
  | { ok: false; failure: string };

/** Maps the header to the form's inputs and reads each row (its number as the sheet counts, the header being 1). */
export function readRows(cells: string[][]): SheetRows {
  const [header, ...lines] = cells;
  if (!header) return { ok: false, failure: 'The sheet is empty.' };
  const columnOf = {} as Record<keyof PartnerApplicationForm, number>;
  for (const [input, names] of Object.entries(COLUMNS) as [keyof PartnerApplicationForm, string[]][]) {
    columnOf[input] = header.findIndex((title) => names.some((name) => key(name) === key(title)));
  }
  const missing = REQUIRED.filter((input) => columnOf[input] < 0);
  if (missing.length)
    return {
      ok: false,
      failure: `The sheet has no column for ${missing.map((input) => `"${LABELS[input]}"`).join(', ')} (its header row reads: ${header.join(', ')}).`,
    };
  return {
    ok: true,
    rows: lines.map((line, index) => {
      const cell = (input: keyof PartnerApplicationForm) =>
        columnOf[input] >= 0 ? (line[columnOf[input]] ?? '').trim() : '';
      const subFields = cell('subFields');
      const form: PartnerApplicationForm = {
        contactName: cell('contactName'),
        email: cell('email'),
        phone: cell('phone'),
        fieldName: cell('fieldName'),
        address: cell('address'),
        zipCode: cell('zipCode'),
        city: cell('city'),
        subFields: /^\d+$/.test(subFields) ? Number(subFields) : Number.NaN,
        message: cell('message'),
      };
      const problems = Object.values(applicationProblems(form));
      return {
        row: index + 2,
        form: problems.length ? null : form,
        problem: problems.length ? `${problems.join('. ')}.` : null,
      };
    }),
  };
}

/** The same row always gets the same application id (a UUID's shape, from its email and field name). */
export function sheetApplicationId(form: PartnerApplicationForm): string {
  const hex = createHash('sha256')
    .update(`${form.email.trim().toLowerCase()}\n${form.fieldName.trim().toLowerCase()}`)
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

async function fetchSheet(
  url: string,
): Promise<{ ok: true; body: string; contentType: string } | { ok: false; failure: string }> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
    if (!response.ok)
      return {
        ok: false,
        failure: `The sheet answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}: check that it is published and the address is right.`,
      };
    return { ok: true, body: await response.text(), contentType: response.headers.get('content-type') ?? '' };
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? `no answer within ${FETCH_TIMEOUT_MS / 1000} s`
        : ((error as Error & { cause?: Error }).cause?.message ?? (error as Error).message);
    return { ok: false, failure: `The sheet could not be reached (${reason}).` };
  }
}

/** Reads the sheet at `url`, submits its new rows as applications and records the run. */
export async function importPartnerSheet(
  deps: { store: EventStore; commands?: CommandDoor; now: () => Date },
  url: string,
): Promise<SheetImport> {
  const commands = commandDoorOf(deps);
  const outcome: SheetImport = { url, rows: 0, imported: 0, duplicates: 0, errors: [], failure: null };
  const fetched = await fetchSheet(url);
  let read: SheetRows;
  if (!fetched.ok) read = fetched;
  else {
    try {
      read = readRows(readCells(fetched.body, fetched.contentType));
    } catch (error) {
      read = { ok: false, failure: `The sheet could not be read as CSV or an HTML table: ${(error as Error).message}` };
    }
  }
  const correlationId = `partner-sheet-${randomUUID()}`;
  const metadata = { userId: null, correlationId, causationId: null };
  if (!read.ok) outcome.failure = read.failure;
  else {
    outcome.rows = read.rows.length;
    for (const { row, form, problem } of read.rows) {
      if (!form) {
        outcome.errors.push({ row, message: problem! });
        continue;
      }
      const applicationId = sheetApplicationId(form);
      const submitted = await commands.run({
        decider: partnerApplicationDecider,
        streamId: partnerApplicationStream(applicationId),
        command: { type: 'SubmitApplication', applicationId, form, applicant: null, source: 'sheet' },
        now: deps.now(),
        newId: () => applicationId,
        actorId: null,
        metadata,
      });
      if (submitted.events.length) outcome.imported += 1;
      else outcome.duplicates += 1;
    }
  }
  await commands.run({
    decider: partnerSheetDecider,
    streamId: PARTNER_SHEET_STREAM,
    command: { type: 'RecordSheetImport', outcome },
    now: deps.now(),
    newId: randomUUID,
    actorId: null,
    metadata,
    maxAttempts: 20,
  });
  return outcome;
}

/** Reads PARTNER_SHEET_URL every PARTNER_SHEET_MINUTES (once per slot across the deployment); nothing when no sheet is set. */
export async function startPartnerSheetImport(
  config: Pick<Config, 'PARTNER_SHEET_URL' | 'PARTNER_SHEET_MINUTES' | 'REDIS_URL'>,
  parts: { store: EventStore; commands: CommandDoor; databaseUrl: string },
  logger: Logger,
): Promise<{ close(): Promise<void> }> {
  const url = config.PARTNER_SHEET_URL;
  if (!url) return { close: async () => undefined };
  return startRepeatingJob({
    queue: JOB_QUEUES.partnerSheetImport,
    backend: selectJobBackend({ databaseUrl: parts.databaseUrl, redisUrl: config.REDIS_URL }),
    everyMinutes: config.PARTNER_SHEET_MINUTES,
    logger,
    run: async () => {
      const outcome = await importPartnerSheet(
        { store: parts.store, commands: parts.commands, now: () => new Date() },
        url,
      );
      if (outcome.failure || outcome.errors.length)
        logger.warn({ failure: outcome.failure, errors: outcome.errors.length }, 'partner sheet import found problems');
    },
  });
}
