/** Fills the log with partner applications straight through the event store, as load for the admin's pages. */
import { randomUUID } from 'node:crypto';
import { partnerApplicationStream, type PartnerEvent } from '@playtime/shared/domain/partners/events';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';

type SubmittedData = Extract<PartnerEvent, { type: 'PartnerApplicationSubmitted' }>['data'];

/**
 * One application appended straight to the log, submitted now and without an account; what a test
 * does not name is a New York field's application with two sub-fields.
 */
const appendSubmitted = (
  store: PostgresEventStore,
  applicationId: string,
  application: Pick<SubmittedData, 'contactName' | 'email' | 'fieldName' | 'address'> & Partial<SubmittedData>,
) =>
  store.appendToStream(
    partnerApplicationStream(applicationId),
    [
      {
        type: 'PartnerApplicationSubmitted',
        data: {
          applicationId,
          submittedAt: new Date().toISOString(),
          applicantId: null,
          phone: '(212) 555-0100',
          zipCode: '10001',
          city: 'New York',
          subFields: 2,
          message: '',
          ...application,
        },
        metadata: { userId: null, correlationId: applicationId, causationId: null },
      },
    ],
    { expectedRevision: 'no_stream' },
  );

/**
 * Appends `count` applications (`{label} {n}`), 50 at a time, or paced at `perSecond` when given
 * (then 100 every tenth of that second's share).
 */
export async function appendPartnerApplications(
  databaseUrl: string,
  count: number,
  options: { label: string; perSecond?: number },
): Promise<void> {
  const store = await PostgresEventStore.connect(databaseUrl);
  const batch = options.perSecond ? 100 : 50;
  const started = Date.now();
  const submit = (n: number) => {
    const slug = options.label.toLowerCase().replaceAll(' ', '');
    return appendSubmitted(store, randomUUID(), {
      contactName: `${options.label} ${n}`,
      email: `${slug}${n}@fields.test`,
      fieldName: `${options.label} Field ${n}`,
      address: `${n} Main St`,
    });
  };
  try {
    for (let sent = 0; sent < count; sent += batch) {
      await Promise.all(Array.from({ length: Math.min(batch, count - sent) }, (_, i) => submit(sent + i)));
      if (options.perSecond) {
        const due = started + ((sent + batch) / options.perSecond) * 1000;
        if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      }
    }
  } finally {
    await store.close();
  }
}

/**
 * One application without an account, as the spreadsheet import records a row (its email and field
 * name given), appended straight to the log; returns its id.
 */
export async function appendUnclaimedApplication(
  databaseUrl: string,
  row: { email: string; fieldName: string },
): Promise<string> {
  const store = await PostgresEventStore.connect(databaseUrl);
  const applicationId = randomUUID();
  try {
    await appendSubmitted(store, applicationId, {
      source: 'sheet',
      contactName: 'Sheet Row',
      email: row.email,
      fieldName: row.fieldName,
      address: '1 Main St',
    });
  } finally {
    await store.close();
  }
  return applicationId;
}

/**
 * A PARTNER_SHEET_MINUTES for a suite that checks the import run at the app's start: the app reads the
 * sheet at each multiple of the period since the epoch, so a suite started just before one (at 07:59:53
 * with 60, say) sees a second read come and overwrite the first. The longest period whose next slot
 * is more than `quietMinutes` away leaves the first read alone for the suite's length.
 */
export function sheetMinutesWithNoReadSoon(now = Date.now(), quietMinutes = 30): string {
  const nowInMinutes = now / 60_000;
  for (let minutes = 1440; minutes > quietMinutes; minutes -= 1) {
    const untilNextSlot = minutes - (nowInMinutes % minutes);
    if (untilNextSlot > quietMinutes) return String(minutes);
  }
  throw new Error('no sheet period leaves the first read alone');
}
