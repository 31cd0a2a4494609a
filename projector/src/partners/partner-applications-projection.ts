import { PROJECTIONS } from '@playtime/shared/contract/projections';
import { rooms } from '@playtime/shared/contract/rooms';
import { PARTNER_EVENT_TYPES } from '@playtime/shared/domain/partners/events';
import { parseEvent } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import type { QueryingProjection } from '../runtime/projection';

const STATUS_AFTER = {
  PartnerApplicationApproved: 'approved',
  PartnerApplicationDeclined: 'declined',
  PartnerApplicationRevoked: 'revoked',
} as const;

/**
 * read.partner_applications: every request to become a partnered field, newest first, with the
 * admin's latest answer, where it came from and the account it belongs to (none yet for a spreadsheet
 * row nobody has claimed); read.partner_sheet_imports: each run of the spreadsheet import.
 */
export const partnerApplicationsProjection: QueryingProjection = {
  name: PROJECTIONS.partnerApplications,
  version: 2,
  tables: ['partner_applications', 'partner_sheet_imports'],
  handles: PARTNER_EVENT_TYPES,
  schemaSql: `
    CREATE TABLE partner_applications (
      application_id text        PRIMARY KEY,
      submitted_at   timestamptz NOT NULL,
      contact_name   text        NOT NULL,
      email          text        NOT NULL,
      phone          text        NOT NULL,
      field_name     text        NOT NULL,
      address        text        NOT NULL,
      zip_code       text        NOT NULL,
      city           text        NOT NULL,
      sub_fields     integer     NOT NULL,
      message        text        NOT NULL,
      applicant_id   text,
      status         text        NOT NULL DEFAULT 'submitted',
      source         text        NOT NULL DEFAULT 'form'
    );
    CREATE TABLE partner_sheet_imports (
      import_id   text        PRIMARY KEY,
      imported_at timestamptz NOT NULL,
      url         text        NOT NULL,
      rows        integer     NOT NULL,
      imported    integer     NOT NULL,
      duplicates  integer     NOT NULL,
      errors      jsonb       NOT NULL,
      failure     text
    );
    CREATE INDEX partner_sheet_imports_newest ON partner_sheet_imports (imported_at DESC);
    CREATE INDEX partner_applications_newest ON partner_applications (submitted_at DESC, application_id);
    CREATE INDEX partner_applications_by_email ON partner_applications (email);
  `,
  async apply(events, db) {
    const keys = new Set<string>([rooms.admin]);
    for (const stored of events) {
      const event = parseEvent(stored);
      switch (event.type) {
        case 'PartnerApplicationSubmitted': {
          const d = event.data;
          await db.query(
            `INSERT INTO partner_applications (application_id, submitted_at, contact_name, email, phone, field_name, address, zip_code, city, sub_fields, message, applicant_id, source)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (application_id) DO NOTHING`,
            [
              d.applicationId,
              d.submittedAt,
              d.contactName,
              d.email,
              d.phone,
              d.fieldName,
              d.address,
              d.zipCode,
              d.city,
              d.subFields,
              d.message,
              d.applicantId,
              d.source ?? 'form',
            ],
          );
          if (d.applicantId) keys.add(rooms.user(d.applicantId));
          break;
        }
        case 'PartnerApplicationApproved':
        case 'PartnerApplicationDeclined':
        case 'PartnerApplicationRevoked': {
          const status = STATUS_AFTER[event.type];
          const { rows } = await db.query<{ applicant_id: string | null }>(
            'UPDATE partner_applications SET status = $2 WHERE application_id = $1 RETURNING applicant_id',
            [event.data.applicationId, status],
          );
          if (rows[0]?.applicant_id) keys.add(rooms.user(rows[0].applicant_id));
          break;
        }
        case 'PartnerApplicationClaimed': {
          await db.query('UPDATE partner_applications SET applicant_id = $2 WHERE application_id = $1', [
            event.data.applicationId,
            event.data.applicantId,
          ]);
          keys.add(rooms.user(event.data.applicantId));
          break;
        }
        case 'PartnerSheetImported': {
          const d = event.data;
          await db.query(
            `INSERT INTO partner_sheet_imports (import_id, imported_at, url, rows, imported, duplicates, errors, failure)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (import_id) DO NOTHING`,
            [
              stored.eventId,
              stored.createdAt.toISOString(),
              d.url,
              d.rows,
              d.imported,
              d.duplicates,
              JSON.stringify(d.errors),
              d.failure,
            ],
          );
          break;
        }
        default:
          continue;
      }
    }
    return [...keys];
  },
};
