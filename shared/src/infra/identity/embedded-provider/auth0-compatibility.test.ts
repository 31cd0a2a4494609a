import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { auth0CompatibleRequests, SILENT_AUTHORIZATION_PARAM } from './auth0-compatibility';

const rewrite = auth0CompatibleRequests({ authorization: '/authorize', endSession: '/v2/logout' });

function rewritten(url: string, method = 'GET'): { url: string; originalUrl: string; query: URLSearchParams } {
  const req = { method, url, baseUrl: '/oidc', originalUrl: `/oidc${url}` } as Request;
  rewrite(req, {} as Response, () => undefined);
  return { url: req.url, originalUrl: req.originalUrl, query: new URL(req.url, 'http://x').searchParams };
}

describe('Auth0 request dialect', () => {
  it('adds consent to the prompt when offline_access is asked for, so refresh tokens keep it', () => {
    expect(rewritten('/authorize?scope=openid+offline_access').query.get('prompt')).toBe('consent');
    expect(rewritten('/authorize?scope=openid+offline_access&prompt=login').query.get('prompt')).toBe('login consent');
    const silent = rewritten('/authorize?scope=openid%20offline_access&prompt=none').query;
    expect(silent.get('prompt')).toBe('consent');
    expect(silent.get(SILENT_AUTHORIZATION_PARAM)).toBe('true');
  });

  it('leaves requests without offline_access, or already asking for consent, alone', () => {
    expect(rewritten('/authorize?scope=openid&prompt=none').query.get('prompt')).toBe('none');
    expect(rewritten('/authorize?scope=openid+offline_access&prompt=consent').query.get('prompt')).toBe('consent');
    expect(rewritten('/authorize/abc?scope=openid+offline_access').url).toBe(
      '/authorize/abc?scope=openid+offline_access',
    );
  });

  it('maps /v2/logout returnTo to post_logout_redirect_uri and keeps the mount path', () => {
    const logout = rewritten('/v2/logout?client_id=web&returnTo=http%3A%2F%2Fapp.test%2F&federated');
    expect(logout.query.get('post_logout_redirect_uri')).toBe('http://app.test/');
    expect(logout.query.has('returnTo')).toBe(false);
    expect(logout.query.has('federated')).toBe(false);
    expect(logout.originalUrl).toBe(`/oidc${logout.url}`);
  });
});
