import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { DialectName } from '../db/dialect.ts';
import type { ApiTokenAuthOptions } from './api-token-auth.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { MailQuota } from './mail-quota.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PdfSandbox } from './pdf-sandbox/sandbox-pool.ts';
import type { SuggestPool } from './suggest-pool/suggest-pool.ts';
import type { UrlSigner } from './signed-urls.ts';
import type { Storage } from './storage/storage.ts';
import type { TokenService } from './tokens.ts';

/** What every feature module gets from the app: configuration and infrastructure, no globals. */
export type AppContext = {
  config: Config;
  db: Db;
  dialect: DialectName;
  tokens: TokenService;
  loginThrottle: LoginThrottle;
  storage: Storage;
  signer: UrlSigner;
  mailer: Mailer;
  /** Where every uploaded PDF is read: worker threads under hard limits. */
  pdfSandbox: PdfSandbox;
  /** Where mapping suggestions are computed: a worker thread, off the request thread. */
  suggestPool: SuggestPool;
  mailQuota: MailQuota;
  /** Per-token request limit (`API_TOKEN_RATE_LIMIT_PER_MINUTE`) and where it counts. */
  apiTokens: ApiTokenAuthOptions;
};
