/** The little of oidc-provider's API the browser tests use (the package ships no types; @types/oidc-provider lags it). */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";
  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }
  interface Configuration {
    clients: Record<string, unknown>[];
    cookies?: { keys: string[] };
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    features?: Record<string, unknown>;
    findAccount(ctx: unknown, sub: string): Promise<Account | undefined>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
