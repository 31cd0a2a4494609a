import { ONLY_FIELD_OWNERS } from '@playtime/shared/domain/fields/messages';
import { FIELD_MANAGER_ROLES } from '@playtime/shared/domain/fields/rules';
import { Router } from 'express';
import type pg from 'pg';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { parseBody } from '@playtime/shared/infra/http/errors';
import { venueSearchQuery, type OwnerField } from '@playtime/shared/contract/fields';

const VENUE_SEARCH_LIMIT = 20;

/** A field as the owner area and the venue search show it (spec §3 'Owner field'), price in dollars. */
const FIELD_LISTING = `
  SELECT f.field_id AS "fieldId", f.name AS "fieldName", f.address, f.zip_code AS "zipCode", f.city,
         (f.price_cents / 100.0)::float8 AS price, f.picture, f.description,
         f.cancellation_window_hours AS "cancellationWindowHours", f.free_rental AS "freeRental",
         f.time_zone AS "timeZone",
         COALESCE(
           (SELECT json_agg(json_build_object('subFieldId', s.sub_field_id, 'name', s.name) ORDER BY s.added_position)
              FROM read.sub_fields s
             WHERE s.field_id = f.field_id AND NOT s.removed),
           '[]'::json) AS "subFields"
    FROM read.fields f`;

/** LIKE treats % and _ as wildcards; a venue name containing them means them literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Queries about fields (spec §7 field calls). */
export function fieldQueryRoutes(deps: { pool: pg.Pool; resolveUser: ResolveUser }): Router {
  const router = Router();
  const fieldManager = requireUser(deps.resolveUser, FIELD_MANAGER_ROLES, ONLY_FIELD_OWNERS);

  // An owner sees their own fields; an admin sees everyone's. Withdrawn fields (their owner's account was deleted) are gone, as deleted ones.
  router.get('/api/get-owner-fields', fieldManager, async (req, res) => {
    const ownerId = req.user!.role === 'admin' ? null : req.user!.userId;
    const { rows } = await deps.pool.query<OwnerField>(
      `${FIELD_LISTING}
        WHERE NOT f.deleted AND NOT f.withdrawn AND ($1::text IS NULL OR f.owner_id = $1)
        ORDER BY lower(f.name), f.field_id`,
      [ownerId],
    );
    res.json(rows);
  });

  // The organize wizard's venue search: served by the trigram index on lower(name).
  router.get('/api/get-fields-by-name', requireUser(deps.resolveUser), async (req, res) => {
    const { name } = parseBody(venueSearchQuery, req.query);
    const { rows } = await deps.pool.query<OwnerField>(
      `${FIELD_LISTING}
        WHERE NOT f.deleted AND NOT f.withdrawn AND lower(f.name) LIKE '%' || lower($1) || '%'
        ORDER BY lower(f.name), f.field_id
        LIMIT ${VENUE_SEARCH_LIMIT}`,
      [likeLiteral(name)],
    );
    res.json(rows);
  });

  return router;
}
