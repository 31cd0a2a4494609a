import { Router } from 'express';
import type pg from 'pg';
import {
  asOfQuery,
  EVENT_SCAN_WINDOW,
  EVENT_TEXT_SCAN_WINDOW,
  eventHistoryQuery,
  streamKindOf,
  STREAM_PREFIXES,
  type AsOfAnswer,
  type AsOfStep,
  type EventHistoryPage,
  type HistoryEvent,
} from '@playtime/shared/contract/audit';
import { parseEvent } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import type { EventMetadata } from '@playtime/shared/infra/eventstore/port';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { ApiError, parseBody } from '@playtime/shared/infra/http/errors';
import { timeZoneOf } from '@playtime/shared/infra/http/time-zone';
import { stateAsOf } from './as-of';
import { redacted, redactedTextSql } from './redaction';
import { summarize } from './summaries';
import type { ReadModelRow } from '@playtime/shared/contract/read-models';

const ONLY_ADMINS = 'Only admins can read the event history.';

interface EventRow {
  global_position: string;
  stream_id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  created_at: Date;
  actor_email: string | null;
}

/**
 * The admin's event history (GET /api/admin/events): the log itself, newest first, paged by global
 * position (a keyset: `before` is the previous page's `next`, never an offset), filtered by type,
 * stream or what it is about, actor, correlation, time and free text inside the data. It reads the
 * PostgreSQL event store's table, so it answers 501 where the log lives in EventStoreDB. The log has
 * no indexes for these filters (each would cost every append): a filtered page walks the log back from
 * `before` by its primary key until it has its rows, through EVENT_SCAN_WINDOW positions at most (a
 * stream's own events come by its index, unbounded). Free text walks EVENT_TEXT_SCAN_WINDOW positions
 * of the events' folded text (es_events_text) instead.
 */
export function auditQueryRoutes(deps: { pool: pg.Pool; resolveUser: ResolveUser }): Router {
  const router = Router();
  const admin = requireUser(deps.resolveUser, ['admin'], ONLY_ADMINS);
  let logHere: Promise<boolean> | null = null;

  const refuseUnlessLogHere = async () => {
    logHere ??= deps.pool
      .query<{ here: boolean }>(`SELECT to_regclass('es_events') IS NOT NULL AS here`)
      .then(({ rows }) => rows[0]!.here);
    if (!(await logHere))
      throw new ApiError(
        501,
        'history_unavailable',
        'The event history reads the PostgreSQL event store; this deployment keeps its log in EventStoreDB.',
      );
  };

  // Time travel: a stream's aggregate as it stood at an instant, with the events around that instant.
  router.get('/api/admin/as-of', admin, async (req, res) => {
    const { stream, at } = parseBody(asOfQuery, req.query);
    await refuseUnlessLogHere();
    const { rows } = await deps.pool.query<
      Pick<EventRow, 'global_position' | 'type' | 'data' | 'metadata' | 'created_at'>
    >(
      'SELECT global_position, type, data, metadata, created_at FROM es_events WHERE stream_id = $1 ORDER BY revision',
      [stream],
    );
    if (rows.length === 0) throw new ApiError(404, 'stream_not_found', `There is no stream named ${stream}.`);
    const until = rows.filter((row) => row.created_at <= at);
    const step = (row: (typeof rows)[number]): AsOfStep => ({
      position: Number(row.global_position),
      time: row.created_at.toISOString(),
      type: row.type,
    });
    const { kind } = streamKindOf(stream);
    const answer: AsOfAnswer = {
      stream,
      kind,
      at: at.toISOString(),
      events: until.length,
      state: redacted(
        stateAsOf(
          kind,
          until.map((row) => parseEvent({ type: row.type, data: row.data, metadata: row.metadata })),
          at,
        ),
      ),
      before: until.slice(-5).map(step),
      after: rows.slice(until.length, until.length + 5).map(step),
      firstTime: rows[0]!.created_at.toISOString(),
      lastTime: rows.at(-1)!.created_at.toISOString(),
    };
    res.json(answer);
  });

  router.get('/api/admin/events', admin, async (req, res) => {
    const query = parseBody(eventHistoryQuery, req.query);
    const timeZone = timeZoneOf(req);
    await refuseUnlessLogHere();
    const conditions: string[] = [];
    const values: unknown[] = [];
    const where = (sql: (placeholder: string) => string, value: unknown) => {
      values.push(value);
      conditions.push(sql(`$${values.length}`));
    };
    const scanned =
      query.stream === undefined &&
      query.after === undefined &&
      (query.type || query.kind || query.actor || query.correlation || query.from || query.to || query.q);
    const ascii = query.q !== undefined && /^[\x20-\x7e]*$/.test(query.q);
    // Free text in ASCII over a window walks the events' text, folded when each was written
    // (es_events_text, the event store's migration 5), instead of turning every event of the window
    // into text: only the events whose folded text holds the words are read, and matched below exactly
    // as before. The window and `before` then bound that walk.
    const folded = Boolean(scanned) && ascii;
    const position = folded ? 't.global_position' : 'e.global_position';
    if (query.before !== undefined) where((p) => `${position} < ${p}`, query.before);
    let windowStart: number | null = null;
    if (scanned) {
      const top =
        query.before ??
        Number(
          (await deps.pool.query<{ head: string | null }>('SELECT max(global_position) AS head FROM es_events'))
            .rows[0]!.head ?? 0,
        ) + 1;
      windowStart = Math.max(0, top - (query.q ? EVENT_TEXT_SCAN_WINDOW : EVENT_SCAN_WINDOW));
      where((p) => `${position} >= ${p}`, windowStart);
    }
    if (query.after !== undefined) where((p) => `e.global_position > ${p}`, query.after);
    if (query.type) where((p) => `e.type = ANY(${p}::text[])`, query.type);
    if (query.stream) where((p) => `e.stream_id = ${p}`, query.stream);
    if (query.kind && query.kind !== 'other') where((p) => `e.stream_id LIKE ${p}`, `${STREAM_PREFIXES[query.kind]}%`);
    if (query.kind === 'other')
      where(
        (p) => `NOT (e.stream_id LIKE ANY(${p}::text[]))`,
        Object.values(STREAM_PREFIXES).map((prefix) => `${prefix}%`),
      );
    if (query.actor) where((p) => `e.metadata->>'userId' = ${p}`, query.actor);
    if (query.correlation) where((p) => `e.metadata->>'correlationId' = ${p}`, query.correlation);
    if (query.from) where((p) => `e.created_at >= ${p}`, query.from);
    if (query.to) where((p) => `e.created_at <= ${p}`, query.to);
    if (query.q) {
      // Words typed in ASCII fold case the ASCII way (collation "C"), which reads the window's text in
      // about 60 % of the time and finds the same events; other letters fold as the database's locale says.
      const collation = ascii ? ' COLLATE "C"' : '';
      // es_events_text holds lower(data::text COLLATE "C"): the ASCII words lowered the same way are in it
      // wherever the condition below matches.
      if (folded) where((p) => `strpos(t.folded, ${p}) > 0`, query.q.toLowerCase());
      // Only what the admin is shown is searched (issue #41): an event whose text matches is matched
      // again with its secrets redacted, so a secret cannot be found out one character at a time.
      // The plain match is the cheaper condition and runs first; the redacted text is made for its hits.
      where(
        (p) => `e.data::text${collation} ILIKE ${p} AND ${redactedTextSql('e.data')}${collation} ILIKE ${p}`,
        `%${query.q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`,
      );
    }
    values.push(query.limit + 1);
    const { rows } = await deps.pool.query<EventRow>(
      // The actor's email by its key for each event of the page (a join's estimate of rows, which knows
      // nothing of the text's hits, chose a scan of every user per event).
      `SELECT e.global_position, e.stream_id, e.type, e.data, e.metadata, e.created_at,
              (SELECT u.email FROM read.users u WHERE u.user_id = e.metadata->>'userId') AS actor_email
         FROM ${folded ? 'es_events_text t JOIN es_events e ON e.global_position = t.global_position' : 'es_events e'}
        ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
        ORDER BY ${position} ${query.after !== undefined ? 'ASC' : 'DESC'}
        LIMIT $${values.length}`,
      values,
    );
    // The tail reads forward from `after` (so a reader behind by more than a page loses nothing), and shows newest first.
    const page = query.after !== undefined ? rows.slice(0, query.limit).reverse() : rows.slice(0, query.limit);
    // Users the summaries name, by email, in one query.
    const ids = new Set<string>();
    const events = page.map((row) => ({
      row,
      event: parseEvent({ type: row.type, data: row.data, metadata: row.metadata }),
    }));
    for (const { event } of events)
      for (const value of Object.values(event.data as Record<string, unknown>))
        if (typeof value === 'string') ids.add(value);
    const { rows: users } = await deps.pool.query<ReadModelRow<'users', { user_id: string; email: string }>>(
      'SELECT user_id, email FROM read.users WHERE user_id = ANY($1::text[])',
      [[...ids]],
    );
    const emails = new Map(users.map((user) => [user.user_id, user.email]));
    const name = (userId: string | null | undefined) => (userId ? (emails.get(userId) ?? userId) : 'the system');

    const answer: EventHistoryPage = {
      events: events.map(({ row, event }): HistoryEvent => {
        const actorId = row.metadata.userId ?? null;
        const { kind, subjectId } = streamKindOf(row.stream_id);
        return {
          position: Number(row.global_position),
          time: row.created_at.toISOString(),
          type: row.type,
          version: row.metadata.schemaVersion ?? 1,
          stream: row.stream_id,
          kind,
          subjectId,
          actor: actorId ? { userId: actorId, email: row.actor_email } : null,
          summary: summarize(event, row.actor_email ?? name(actorId), name, timeZone),
          data: redacted(event.data) as Record<string, unknown>,
          metadata: {
            correlationId: row.metadata.correlationId ?? null,
            causationId: row.metadata.causationId ?? null,
          },
        };
      }),
      next:
        query.after === undefined && rows.length > query.limit
          ? Number(page.at(-1)!.global_position)
          : windowStart !== null && windowStart > 1
            ? windowStart
            : null,
      ...(query.after !== undefined ? { more: rows.length > query.limit } : {}),
    };
    res.json(answer);
  });

  return router;
}
