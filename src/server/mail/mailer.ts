import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * Every mail is kept in the outbox table. With SMTP_URL it is also sent through nodemailer; without it,
 * it is written to the server log, so a newcomer can read the demo MFA user's one-time code.
 */
export function createMailer(db: Db, smtpUrl: string | undefined, log: FastifyBaseLogger): Mailer {
  const transport: Transporter | undefined = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  return {
    async send(mail) {
      const { mail_id } = await db
        .insertInto('mail_outbox')
        .values({ recipient: mail.to, subject: mail.subject, body_text: mail.text })
        .returning('mail_id')
        .executeTakeFirstOrThrow();
      if (!transport) {
        log.info({ mailId: mail_id, to: mail.to, subject: mail.subject, text: mail.text }, 'mail kept in the outbox (no SMTP_URL configured)');
        return;
      }
      try {
        await transport.sendMail({ from: 'Cargo Portal <no-reply@cargo-portal.local>', to: mail.to, subject: mail.subject, text: mail.text });
        await db.updateTable('mail_outbox').set({ sent_at: new Date() }).where('mail_id', '=', mail_id).execute();
      } catch (error) {
        log.error({ err: error, mailId: mail_id }, 'mail could not be sent');
        await db.updateTable('mail_outbox').set({ error: (error as Error).message }).where('mail_id', '=', mail_id).execute();
      }
    },
  };
}
