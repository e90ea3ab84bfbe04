import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Files to attach (Share AWB); the outbox keeps their names. */
  attachments?: readonly MailAttachment[];
  replyTo?: string;
}

/** Kept: in the outbox only (no SMTP_URL); sent: handed to the SMTP server; failed: the SMTP server refused it. */
export interface MailResult {
  mailId: string;
  outcome: 'kept' | 'sent' | 'failed';
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<MailResult>;
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
        .values({ recipient: mail.to, subject: mail.subject, body_text: mail.text, attachment_names: (mail.attachments ?? []).map((file) => file.filename) })
        .returning('mail_id')
        .executeTakeFirstOrThrow();
      if (!transport) {
        log.info({ mailId: mail_id, to: mail.to, subject: mail.subject, text: mail.text }, 'mail kept in the outbox (no SMTP_URL configured)');
        return { mailId: String(mail_id), outcome: 'kept' };
      }
      try {
        await transport.sendMail({
          from: 'Cargo Portal <no-reply@cargo-portal.local>',
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          ...(mail.attachments
            ? { attachments: mail.attachments.map((file) => ({ filename: file.filename, content: file.content, contentType: file.contentType })) }
            : {}),
        });
        await db.updateTable('mail_outbox').set({ sent_at: new Date() }).where('mail_id', '=', mail_id).execute();
        return { mailId: String(mail_id), outcome: 'sent' };
      } catch (error) {
        log.error({ err: error, mailId: mail_id }, 'mail could not be sent');
        await db
          .updateTable('mail_outbox')
          .set({ error: (error as Error).message })
          .where('mail_id', '=', mail_id)
          .execute();
        return { mailId: String(mail_id), outcome: 'failed' };
      }
    },
  };
}
