import path from 'node:path';

/** Typed, immutable configuration read once from the environment; a bad value stops the start with a clear message. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  logLevel: string;
  /** Where the built SPA lives. */
  distDir: string;
  /** Public base URLs the browser is told in /ez4/config.json; empty means same origin. */
  authBase: string;
  apiBase: string;
  classicApiBase: string;
  /** Sign-in throttling: failures allowed per account and per address within the window. */
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerAddress: number;
  loginFailureWindowSeconds: number;
  mfaCodeTtlSeconds: number;
  mfaMaxAttempts: number;
  mfaResendSeconds: number;
  mfaDialogTimeoutSeconds: number;
  mfaSessionDays: number;
  accessTokenSeconds: number;
  refreshTokenHours: number;
  envelopeWindowSeconds: number;
  /** The number of demo shipments the first start seeds. */
  seedShipments: number;
  seed: boolean;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`Configuration: ${name} must be an integer >= ${min}, got "${raw}"`);
  return value;
}

function text(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  return raw === undefined || raw === '' ? undefined : raw;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  const port = integer(env, 'PORT', 8080);
  if (port > 65535) throw new Error(`Configuration: PORT must be at most 65535, got ${port}`);
  const databaseUrl = text(env, 'DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('Configuration: DATABASE_URL must start with postgres:// or postgresql://');
  }
  const jwtSecret = text(env, 'JWT_SECRET');
  if (jwtSecret && jwtSecret.length < 32) throw new Error('Configuration: JWT_SECRET must be at least 32 characters');
  return Object.freeze({
    port,
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir: path.resolve(text(env, 'DATA_DIR') ?? './data'),
    databaseUrl,
    jwtSecret,
    smtpUrl: text(env, 'SMTP_URL'),
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    distDir: path.resolve(text(env, 'DIST_DIR') ?? './dist'),
    authBase: text(env, 'PUBLIC_AUTH_BASE') ?? '/auth',
    apiBase: text(env, 'PUBLIC_API_BASE') ?? '',
    classicApiBase: text(env, 'PUBLIC_CLASSIC_API_BASE') ?? '/classicapi',
    loginMaxFailuresPerAccount: integer(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT', 5, 1),
    loginMaxFailuresPerAddress: integer(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', 20, 1),
    loginFailureWindowSeconds: integer(env, 'LOGIN_FAILURE_WINDOW_SECONDS', 900, 1),
    mfaCodeTtlSeconds: integer(env, 'MFA_CODE_TTL_SECONDS', 300, 1),
    mfaMaxAttempts: integer(env, 'MFA_MAX_ATTEMPTS', 3, 1),
    mfaResendSeconds: integer(env, 'MFA_RESEND_SECONDS', 30, 1),
    mfaDialogTimeoutSeconds: integer(env, 'MFA_DIALOG_TIMEOUT_SECONDS', 60, 1),
    mfaSessionDays: integer(env, 'MFA_SESSION_DAYS', 30, 1),
    accessTokenSeconds: integer(env, 'ACCESS_TOKEN_SECONDS', 900, 1),
    refreshTokenHours: integer(env, 'REFRESH_TOKEN_HOURS', 12, 1),
    envelopeWindowSeconds: integer(env, 'ENVELOPE_WINDOW_SECONDS', 300, 1),
    seedShipments: integer(env, 'SEED_SHIPMENTS', 2400, 0),
    seed: (text(env, 'SEED') ?? 'true') !== 'false',
  });
}
