import { z } from 'zod';

/**
 * What one Web Push message carries (issue #46): the notification's title and text, the app's address
 * it opens when clicked, and a tag (a later push with the same tag replaces the earlier notification).
 * The server encrypts it as JSON; the app's service worker parses it with this schema.
 */
export const pushPayloadSchema = z.object({
  title: z.string().min(1),
  body: z.string(),
  url: z.string().min(1),
  tag: z.string().min(1).optional(),
});

export type PushPayload = z.infer<typeof pushPayloadSchema>;
