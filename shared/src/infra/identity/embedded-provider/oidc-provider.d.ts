/**
 * oidc-provider ships without TypeScript types and @types/oidc-provider is not installed, so this
 * declares the part of its public API the embedded provider uses (names as in the library's docs).
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type UnknownObject = Record<string, unknown>;

  export interface ClientInfo {
    clientId: string;
  }

  export interface ResourceServer {
    scope: string;
    identifier(): string;
  }

  export interface Grant {
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export interface GrantConstructor {
    new (properties: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface Session {
    accountId?: string;
    grantIdFor(clientId: string): string | undefined;
  }

  export interface OIDCContext {
    params?: UnknownObject;
    client?: ClientInfo;
    session?: Session;
    /** The account findAccount returned, once the request has loaded it. */
    account?: Account;
    result?: { consent?: { grantId?: string } };
    requestParamOIDCScopes: Set<string>;
    requestParamClaims: Set<string>;
    resourceServers: Record<string, ResourceServer>;
    provider: Provider;
  }

  /** The Koa context oidc-provider passes to configuration helpers. */
  /** The part of a Koa context Playtime touches: the answer's type, body and headers. */
  export interface KoaResponseContext {
    type: string;
    body: unknown;
    response: { get(field: string): string | string[] | number | undefined };
    set(field: string, value: string): void;
  }

  export interface KoaContextWithOIDC extends KoaResponseContext {
    oidc: OIDCContext;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<UnknownObject> | UnknownObject;
  }

  export interface TokenLike {
    kind: string;
    accountId?: string;
    grantId?: string;
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
  }

  export interface Interaction {
    uid: string;
    prompt: { name: string; reasons: string[]; details: UnknownObject };
    params: UnknownObject;
    grantId?: string;
  }

  export interface Configuration {
    adapter?: (model: string) => unknown;
    clients?: UnknownObject[];
    findAccount?: (ctx: KoaContextWithOIDC, sub: string, token?: TokenLike) => Promise<Account | undefined>;
    jwks?: { keys: UnknownObject[] };
    cookies?: { names?: Record<string, string>; keys?: string[] };
    claims?: Record<string, string[] | null>;
    scopes?: string[];
    responseTypes?: string[];
    clientAuthMethods?: string[];
    enabledJWA?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    extraParams?: string[];
    interactions?: { url?: (ctx: KoaContextWithOIDC, interaction: Interaction) => string | Promise<string> };
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>;
    issueRefreshToken?: (
      ctx: KoaContextWithOIDC,
      client: { grantTypeAllowed(type: string): boolean },
      code: unknown,
    ) => Promise<boolean> | boolean;
    expiresWithSession?: (ctx: KoaContextWithOIDC, token: unknown) => Promise<boolean> | boolean;
    rotateRefreshToken?: boolean | ((ctx: KoaContextWithOIDC) => boolean | Promise<boolean>);
    extraTokenClaims?: (ctx: KoaContextWithOIDC, token: TokenLike) => Promise<UnknownObject | undefined>;
    clientBasedCORS?: (ctx: KoaContextWithOIDC, origin: string, client: ClientInfo) => boolean;
    pkce?: { required?: (ctx: KoaContextWithOIDC, client: ClientInfo) => boolean };
    routes?: Record<string, string>;
    ttl?: Record<string, number | ((...args: unknown[]) => number)>;
    renderError?: (ctx: KoaContextWithOIDC, out: Record<string, string>, error: Error) => void | Promise<void>;
    features?: Record<string, UnknownObject>;
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    proxy: boolean;
    readonly Grant: GrantConstructor;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
    /** Koa middleware around every request the provider handles. */
    use(middleware: (ctx: KoaResponseContext, next: () => Promise<void>) => Promise<void>): void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }

  export const errors: {
    InvalidTarget: new (description?: string) => Error;
    SessionNotFound: new (description?: string) => Error;
  };

  export default Provider;
}
