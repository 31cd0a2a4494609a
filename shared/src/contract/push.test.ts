import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PUSH_MESSAGES, pushEndpointRefusal, pushSubscriptionSchema } from './push';

describe('a push subscription', () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };

  it('takes what PushSubscription.toJSON() gives, and refuses keys of the wrong length', () => {
    expect(
      pushSubscriptionSchema.safeParse({ endpoint: 'https://push.example/x', keys, expirationTime: null }).success,
    ).toBe(true);
    const shortKey = { ...keys, auth: randomBytes(8).toString('base64url') };
    expect(pushSubscriptionSchema.safeParse({ endpoint: 'https://push.example/x', keys: shortKey }).success).toBe(
      false,
    );
    expect(pushSubscriptionSchema.safeParse({ endpoint: 'not a url', keys }).success).toBe(false);
  });

  it('must be https, except on loopback when the deployment allows it', () => {
    expect(pushEndpointRefusal('https://push.example/x', false)).toBeNull();
    expect(pushEndpointRefusal('http://push.example/x', true)).toBe(PUSH_MESSAGES.notHttps);
    expect(pushEndpointRefusal('http://127.0.0.1:9/x', false)).toBe(PUSH_MESSAGES.notHttps);
    expect(pushEndpointRefusal('http://127.0.0.1:9/x', true)).toBeNull();
    expect(pushEndpointRefusal('http://localhost:9/x', true)).toBeNull();
    expect(pushEndpointRefusal('ftp://127.0.0.1/x', true)).toBe(PUSH_MESSAGES.notHttps);
  });
});
