import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the portal must use again, not merely check (a partner identity provider's client secret: migration 0040),
 * kept sealed: AES-256-GCM under a key derived (HKDF-SHA256) from the token key (JWT_SECRET, or the one generated
 * into DATA_DIR or the database: secrets.ts) and the purpose, each bound to the row it belongs to (the additional
 * data), so that a database dump or a backup alone does not give them away, nor can one row's be moved to another.
 * A token key that changed (JWT_SECRET set anew, a backup restored into a new DATA_DIR) cannot open them: they must be
 * entered again.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface Sealer {
  /** `text` sealed for the row `boundTo`: `v1.` and base64url of the nonce, the tag and the cipher text. */
  seal(text: string, boundTo: string): string;
  /** The text sealed for `boundTo`, or undefined when this key did not seal it for that row (or it was altered). */
  open(sealed: string, boundTo: string): string | undefined;
}

const sealers = new Map<string, Sealer>();

/** The sealer of a purpose under the token key (made once per key and purpose). */
export function sealerFor(tokenKey: string, purpose: string): Sealer {
  const name = `${purpose}\u0000${tokenKey}`;
  const known = sealers.get(name);
  if (known) return known;
  const key = Buffer.from(hkdfSync('sha256', tokenKey, 'cargo-portal sealed secrets', purpose, 32));
  const aad = (boundTo: string) => Buffer.from(`${purpose}\u0000${boundTo}`);
  const sealer: Sealer = {
    seal(text, boundTo) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad(boundTo));
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed, boundTo) {
      if (!sealed.startsWith(`${VERSION}.`)) return undefined;
      const bytes = Buffer.from(sealed.slice(VERSION.length + 1), 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES)).setAAD(aad(boundTo));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
  sealers.set(name, sealer);
  return sealer;
}

/** The purpose of a ONE Record client's notification sign-in secret. */
export const NOTIFY_SECRET = 'onerecord-notify-secret';
