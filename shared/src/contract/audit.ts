/** The admin's event history (GET /api/admin/events): its query, its rows and its limits, for the services and the web. */
import { z } from 'zod';
import { EVENT_TYPES } from '../domain/event-registry';
import { fieldStream } from '../domain/fields/events';
import { gameStream } from '../domain/games/events';
import { ledgerStream } from '../domain/ledger/events';
import { partnerApplicationStream } from '../domain/partners/events';
import { subFieldStream } from '../domain/availability/events';
import { userStream } from '../domain/users/events';
import { chatStream } from '../domain/chat/streams';
import { instant, optionalInstant } from './instants';
import { storableText } from './text';

export const EVENT_PAGE_DEFAULT = 50;
export const EVENT_PAGE_MAX = 200;
/**
 * A filtered page looks at most this many positions of the log back from where it starts (the log
 * has no index for its filters; each would cost every append), so a page is quick however rare its
 * events; `next` then says where to look on, and the page may hold fewer events than asked for.
 */
export const EVENT_SCAN_WINDOW = 50_000;
/** The window of a page with free text, which reads every event's data as text. */
export const EVENT_TEXT_SCAN_WINDOW = 20_000;
/** Free text is matched inside event data; a few letters are enough, a paragraph is a mistake. */
export const EVENT_TEXT_MAX = 100;

/** What a stream is about, from its name (`game-…`, `subfield-…`, `ledger-payment-…`). */
export const STREAM_KINDS = ['user', 'field', 'sub-field', 'game', 'payment', 'application', 'chat', 'other'] as const;
export type StreamKind = (typeof STREAM_KINDS)[number];

/** How each kind's streams are named: the aggregates' own stream builders with an empty id. */
export const STREAM_PREFIXES: Record<Exclude<StreamKind, 'other'>, string> = {
  user: userStream(''),
  field: fieldStream(''),
  'sub-field': subFieldStream(''),
  game: gameStream(''),
  payment: ledgerStream(''),
  application: partnerApplicationStream(''),
  chat: chatStream(''),
};

/** What a stream is about and that thing's id (the whole name for other streams). */
export function streamKindOf(stream: string): { kind: StreamKind; subjectId: string } {
  for (const [kind, prefix] of Object.entries(STREAM_PREFIXES) as [Exclude<StreamKind, 'other'>, string][]) {
    if (stream.startsWith(prefix)) return { kind, subjectId: stream.slice(prefix.length) };
  }
  return { kind: 'other', subjectId: stream };
}

const optionalText = (name: string, max: number) =>
  storableText(name)
    .trim()
    .max(max, `${name} is at most ${max} characters`)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** Query of GET /api/admin/events; every filter is optional and they combine. */
export const eventHistoryQuery = z
  .object({
    /** Keyset paging: only events older than this global position (the previous page's `next`). */
    before: z.coerce
      .number({ error: 'before is a log position' })
      .int('before is a log position')
      .positive('before is a log position')
      .optional(),
    /** The live tail: the events right after this position (the newest one shown), up to `limit`, newest first. */
    after: z.coerce
      .number({ error: 'after is a log position' })
      .int('after is a log position')
      .nonnegative('after is a log position')
      .optional(),
    limit: z.coerce
      .number({ error: 'limit is a number' })
      .int('limit is a whole number')
      .min(1, 'limit is at least 1')
      .max(EVENT_PAGE_MAX, `limit is at most ${EVENT_PAGE_MAX}`)
      .default(EVENT_PAGE_DEFAULT),
    /** One type or several, comma-separated. */
    type: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const types = (value ?? '')
          .split(',')
          .map((type) => type.trim())
          .filter(Boolean);
        const unknown = types.filter((type) => !EVENT_TYPES.includes(type));
        if (unknown.length) {
          ctx.addIssue({ code: 'custom', message: `Unknown event type ${unknown.join(', ')}` });
          return z.NEVER;
        }
        return types.length ? types : undefined;
      }),
    /** A stream's exact name, or what streams are about. */
    stream: optionalText('stream', 200),
    kind: z.enum(STREAM_KINDS, { error: `kind is one of ${STREAM_KINDS.join(', ')}` }).optional(),
    /** The user whose command appended the events. */
    actor: optionalText('actor', 200),
    /** Events of one command and its consequences. */
    correlation: optionalText('correlation', 200),
    from: optionalInstant('from'),
    to: optionalInstant('to'),
    q: optionalText('q', EVENT_TEXT_MAX),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'from must not be after to',
    path: ['from'],
  })
  .refine((query) => query.before === undefined || query.after === undefined, {
    message: 'before and after cannot be used together',
    path: ['after'],
  });
export type EventHistoryQuery = z.infer<typeof eventHistoryQuery>;

/** One event as the history shows it. */
export interface HistoryEvent {
  position: number;
  time: string;
  type: string;
  /** The version of its type's schema it was written with. */
  version: number;
  stream: string;
  kind: StreamKind;
  /** The id of what the stream is about (a user, field, sub-field, game or payment). */
  subjectId: string;
  actor: { userId: string; email: string | null } | null;
  /** One line a person can read. */
  summary: string;
  /** The event's data as its schema reads it today, secrets replaced by '[redacted]'. */
  data: Record<string, unknown>;
  metadata: { correlationId: string | null; causationId: string | null };
}

export interface EventHistoryPage {
  events: HistoryEvent[];
  /**
   * `before` of the next (older) page; null at the log's start. A filtered page that looked through
   * its whole window sets it too, even with fewer events than asked for.
   */
  next: number | null;
  /** With `after`: more events came after this page's newest; ask again with `after` = that one. */
  more?: boolean;
}

/** Query of GET /api/admin/as-of: a stream as it stood at an instant. */
export const asOfQuery = z.object({
  stream: storableText('stream', 'stream is required')
    .trim()
    .min(1, 'stream is required')
    .max(200, 'stream is at most 200 characters'),
  at: instant('at', 'at is required'),
});

/** An event next to the moment looked at, for stepping through a replay. */
export interface AsOfStep {
  position: number;
  time: string;
  type: string;
}

/** What GET /api/admin/as-of answers: the state folded from the stream's events up to `at`. */
export interface AsOfAnswer {
  stream: string;
  kind: StreamKind;
  at: string;
  /** How many of the stream's events it had then. */
  events: number;
  /** The aggregate's state then, as its decider folds it (for a game, each player's play time then in `playTime`). */
  state: unknown;
  /** The last events up to `at` (newest last) and the first ones after it. */
  before: AsOfStep[];
  after: AsOfStep[];
  /** When the stream's first and last events were appended: the time slider's range. */
  firstTime: string;
  lastTime: string;
}
