/** Fills the log with partner applications straight through the event store, as load for the admin's pages. */
import { randomUUID } from 'node:crypto';
import { partnerApplicationStream } from '@playtime/shared/domain/partners/events';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';

/**
 * Appends `count` applications (`{label} {n}`), 50 at a time, or paced at `perSecond` when given
 * (then 100 every tenth of that second's share).
 */
export async function appendPartnerApplications(databaseUrl: string, count: number, options: { label: string; perSecond?: number }): Promise<void> {
  const store = await PostgresEventStore.connect(databaseUrl);
  const batch = options.perSecond ? 100 : 50;
  const started = Date.now();
  const submit = (n: number) => {
    const applicationId = randomUUID();
    const slug = options.label.toLowerCase().replaceAll(' ', '');
    return store.appendToStream(
      partnerApplicationStream(applicationId),
      [
        {
          type: 'PartnerApplicationSubmitted',
          data: {
            applicationId, submittedAt: new Date().toISOString(), applicantId: null, contactName: `${options.label} ${n}`, email: `${slug}${n}@fields.test`,
            phone: '(212) 555-0100', fieldName: `${options.label} Field ${n}`, address: `${n} Main St`, zipCode: '10001', city: 'New York', subFields: 2, message: '',
          },
          metadata: { userId: null, correlationId: applicationId, causationId: null },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
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
