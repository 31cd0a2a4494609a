/**
 * The page size a list's query takes (the mail list's and the notifications' `limit`, the organizer
 * list's `pageSize`): one rule and one refusal, so every list answers a bad size alike.
 */
import { z } from 'zod';

export interface PageSizeRule {
  /** The query parameter, as the refusal names it. */
  name: string;
  /** The size when the query gives none. */
  fallback: number;
  max: number;
}

export function pageSizeRefusal(rule: PageSizeRule): string {
  return `${rule.name} must be a whole number from 1 to ${rule.max}`;
}

/** A whole number from 1 to the rule's max, its fallback when absent; anything else refused with one message. */
export function pageSizeSchema(rule: PageSizeRule) {
  const message = pageSizeRefusal(rule);
  return z.coerce.number({ error: message }).int(message).min(1, message).max(rule.max, message).default(rule.fallback);
}
