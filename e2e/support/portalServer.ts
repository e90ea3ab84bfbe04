import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { MailSink } from './mailSink';
import { copyOfWorld, type WorldCopy } from './world';
import { freePort } from '../../src/server/freePort';

/**
 * A portal server of a spec file's own: the real server (src/server/main.ts) on a fresh copy of the
 * run's demo world, configured through the environment as an operator would, with its mail going to
 * a real SMTP sink in the test process. Specs that write never meet another spec's changes.
 */

export interface PortalServer {
  baseUrl: string;
  mail: MailSink;
  stop(): Promise<void>;
}

/** Headers the test sets to put the visitor in a country (the sign-in specs' server trusts this one, by configuration). */
export const COUNTRY_HEADER = 'x-e2e-country';
export const MFA_RESEND_SECONDS = 3;
export const MFA_TIMEOUT_SECONDS = 12;

/** The sign-in experience's settings: short one-time-code periods, the visitor's country from a header the test sets. */
export const SIGNIN_EXPERIENCE_ENV: Readonly<Record<string, string>> = {
  MFA_RESEND_SECONDS: String(MFA_RESEND_SECONDS),
  MFA_DIALOG_TIMEOUT_SECONDS: String(MFA_TIMEOUT_SECONDS),
  REGION_COUNTRY_HEADER: COUNTRY_HEADER,
  // The test plays the proxy that sets the visitor's country.
  TRUSTED_PROXIES: 'loopback',
  CHINA_CONSENT_COUNTRIES: 'CN',
};

/** Where a server runs when the spec chooses: several instances on one database copy, a restart on the same port. */
export interface PortalServerPlace {
  /** A copy of the world the spec made (copyOfWorld) and drops itself; without it the server has a copy of its own. */
  database?: WorldCopy;
  port?: number;
}

export async function startPortalServer(env: Readonly<Record<string, string>> = {}, place: PortalServerPlace = {}): Promise<PortalServer> {
  const database = place.database ?? (await copyOfWorld());
  const mail = new MailSink();
  const smtpPort = await mail.start();
  const port = place.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const root = path.resolve(import.meta.dirname, '..', '..');
  let errors = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      SEED: 'false', // the copy is seeded already
      WEB_CONCURRENCY: '1', // one app process: the workers share two cores already
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUBLIC_URL: baseUrl,
      ...env,
    },
  });
  child.stderr.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString('utf8')).slice(-4000);
    process.stderr.write(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal server exited with ${child.exitCode}: ${errors}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the portal server did not answer /healthz in 60 s: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    mail,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await mail.stop();
      if (!place.database) await database.drop();
    },
  };
}
