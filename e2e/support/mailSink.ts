import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server in the test process that keeps every mail a portal server sends it. */

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
