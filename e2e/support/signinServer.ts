import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * A portal server of its own for the sign-in specs, configured through the environment as an
 * operator would: short one-time-code periods, mail to a real SMTP sink in this process, the
 * visitor's country from a header the test sets, links in mail pointing at this server.
 */

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  at: number;
}

/** Quoted-printable bodies (nodemailer wraps long lines): soft breaks go, =XX become bytes. */
function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parseMail(raw: string): Omit<SentMail, 'at'> {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  const body = rest.join('\n\n');
  const text = /quoted-printable/i.test(header('Content-Transfer-Encoding')) ? decodeQuotedPrintable(body) : body;
  return { to: header('To'), subject: header('Subject'), text };
}

export class MailSink {
  readonly mails: SentMail[] = [];
  #waiters: (() => void)[] = [];
  readonly #server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, _session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        this.mails.push({ ...parseMail(Buffer.concat(chunks).toString('utf8')), at: Date.now() });
        for (const wake of this.#waiters.splice(0)) wake();
        callback();
      });
    },
  });

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return (this.#server.server.address() as AddressInfo).port;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }

  /** The first mail after `since` to `to` whose subject matches, waiting up to 15 s. */
  async next(to: string, subject: RegExp, since: number): Promise<SentMail> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = this.mails.find((mail) => mail.at >= since && mail.to.includes(to) && subject.test(mail.subject));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject} (have: ${this.mails.map((m) => m.subject).join(' | ')})`);
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve);
        setTimeout(resolve, 250);
      });
    }
  }

  lastTo(to: string): SentMail | undefined {
    return [...this.mails].reverse().find((mail) => mail.to.includes(to));
  }
}

export interface SigninServer {
  baseUrl: string;
  mail: MailSink;
  stop(): Promise<void>;
}

/** Headers the test sets to put the visitor in a country (the server trusts this one, by configuration). */
export const COUNTRY_HEADER = 'x-e2e-country';
export const MFA_RESEND_SECONDS = 3;
export const MFA_TIMEOUT_SECONDS = 12;

export async function startSigninServer(port: number, extraEnv: Record<string, string> = {}): Promise<SigninServer> {
  const mail = new MailSink();
  const smtpPort = await mail.start();
  const dataDir = `/tmp/portal-e2e-signin-${port}-${process.pid}`;
  rmSync(dataDir, { recursive: true, force: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  const root = path.resolve(import.meta.dirname, '..', '..');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_SHIPMENTS: '100',
      // A sanction list of the first SDN entries is enough here (the demo's listed parties are among them); it seeds in a fraction of the time.
      SEED_SANCTION_ENTRIES: '500',
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUBLIC_URL: baseUrl,
      MFA_RESEND_SECONDS: String(MFA_RESEND_SECONDS),
      MFA_DIALOG_TIMEOUT_SECONDS: String(MFA_TIMEOUT_SECONDS),
      REGION_COUNTRY_HEADER: COUNTRY_HEADER,
      // The test plays the proxy that sets the visitor's country.
      TRUSTED_PROXIES: 'loopback',
      CHINA_CONSENT_COUNTRIES: 'CN',
      ...extraEnv,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the sign-in test server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the sign-in test server did not start');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return {
    baseUrl,
    mail,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await mail.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
