import { EventSchemaRegistry, type EventsOf } from './event-schemas';
import { FIELD_EVENTS } from './fields/events';
import { GAME_EVENTS } from './games/events';
import { IDEMPOTENCY_EVENTS } from './idempotency/events';
import { LEDGER_EVENTS } from './ledger/events';
import { CREDIT_EVENTS } from './ledger/credit-events';
import { PARTNER_EVENTS } from './partners/events';
import { AVAILABILITY_EVENTS } from './availability/events';
import { CHAT_EVENTS } from './chat/events';
import { ADMIN_ROSTER_EVENTS, USER_EVENTS, USERNAME_EVENTS } from './users/events';

/** Every event type the product appends. A new aggregate's `*_EVENTS` list joins here. */
export const EVENT_SCHEMAS = [
  ...USER_EVENTS,
  ...USERNAME_EVENTS,
  ...ADMIN_ROSTER_EVENTS,
  ...FIELD_EVENTS,
  ...AVAILABILITY_EVENTS,
  ...GAME_EVENTS,
  ...LEDGER_EVENTS,
  ...CREDIT_EVENTS,
  ...IDEMPOTENCY_EVENTS,
  ...PARTNER_EVENTS,
  ...CHAT_EVENTS,
] as const;

/** Any event of the product, at its current version. */
export type PlaytimeEvent = EventsOf<typeof EVENT_SCHEMAS>;

export const eventRegistry = new EventSchemaRegistry<PlaytimeEvent>(EVENT_SCHEMAS);

/** Every registered event type with its current version and schema (what the admin audit renders history with). */
export const listEventSchemas = () => eventRegistry.list();

/** Every event type's name (the admin history's type filter). */
export const EVENT_TYPES: readonly string[] = EVENT_SCHEMAS.map((definition) => definition.type);
