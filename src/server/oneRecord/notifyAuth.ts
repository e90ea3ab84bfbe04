import type { ChangeFeed } from '../changes/changeFeed';
import { UNRECORDED_NOTIFY_AUTH_METHOD, type NotifyAuthMethod } from '../../domain/oneRecord/clients';
import type { Db } from '../db/database';
import type { Sealer } from '../sealedSecrets';

/**
 * How the notifier signs in at a subscriber's server (API 2.3.0, "Security": POST /notifications needs an
 * authenticated caller). A registered client may hold the OAuth 2.0 client credentials that the identity provider of
 * its organisation gave the portal (migration 0038); for a target that is that organisation's `/notifications`, the
 * notifier asks the provider for an access token (grant_type client_credentials; the credentials in an HTTP Basic
 * header, or in the form body where the client says so: RFC 6749, 2.3.1) and sends it as a bearer token. A token is kept until shortly before it expires, and asked again at once when the
 * subscriber's server answers 401. A target no client holds credentials for is notified without a token.
 */

const TOKEN_TIMEOUT_MS = 10_000;
/** A token is not used in its last seconds: the subscriber's clock may run ahead. */
const EXPIRY_MARGIN_MS = 30_000;
/** When the provider does not say how long a token lasts. */
const DEFAULT_LIFETIME_S = 300;
/** How long the credentials read are trusted before they are read again, should the change feed's word be lost. */
const CREDENTIALS_TTL_MS = 30_000;

interface Credentials {
  clientId: string;
  tokenUrl: string;
  providerClientId: string;
  /** Undefined: kept sealed under another token key (sealedSecrets.ts), so to be entered again. */
  secret: string | undefined;
  scope: string | null;
  method: NotifyAuthMethod;
  changedAt: number;
}

/** RFC 6749, 2.3.1: the client id and secret are form-encoded, then joined by a colon, then base64. */
const formEncoded = (text: string) => new URLSearchParams({ v: text }).toString().slice(2);
export const basicAuthorization = (clientId: string, secret: string) =>
  `Basic ${Buffer.from(`${formEncoded(clientId)}:${formEncoded(secret)}`).toString('base64')}`;

export interface NotifyAuth {
  /** The Authorization header for a target, or undefined when it is notified without a token. `fresh`: not a kept token. */
  authorizationFor(target: string, fresh?: boolean): Promise<string | undefined>;
  stop(): void;
}

export function createNotifyAuth(db: Db, changes: ChangeFeed, targetOf: (subscriber: string) => Promise<string | undefined>, sealer: Sealer): NotifyAuth {
  let read: { at: number; byTarget: Map<string, Credentials> } | undefined;
  // A client registered, changed or revoked (migrations 0028, 0038): read again at once.
  const unsubscribe = changes.subscribe({
    onChange: (event) => {
      if (event.k === 'oneRecordClient') read = undefined;
    },
    onReset: () => {
      read = undefined;
    },
  });
  const tokens = new Map<string, { token: string; until: number; changedAt: number }>();

  /** The credentials of each target, read from the live clients that hold some (a few), kept briefly. */
  async function credentialsFor(target: string): Promise<Credentials | undefined> {
    if (!read || Date.now() - read.at > CREDENTIALS_TTL_MS) {
      const rows = await db
        .selectFrom('onerecord_clients')
        .select([
          'client_id',
          'organisation_iri',
          'notify_token_url',
          'notify_client_id',
          'notify_client_secret',
          'notify_client_secret_sealed',
          'notify_scope',
          'notify_auth_method',
          'notify_auth_changed_at',
        ])
        .where('revoked_at', 'is', null)
        .where('notify_token_url', 'is not', null)
        .orderBy('notify_auth_changed_at', 'desc')
        .execute();
      const byTarget = new Map<string, Credentials>();
      for (const row of rows) {
        const rowTarget = await targetOf(row.organisation_iri);
        // The latest set wins when two clients name the same organisation.
        const sealed = row.notify_client_secret_sealed;
        if (!rowTarget || byTarget.has(rowTarget) || !row.notify_token_url || !row.notify_client_id || (sealed === null && row.notify_client_secret === null))
          continue;
        byTarget.set(rowTarget, {
          clientId: row.client_id,
          tokenUrl: row.notify_token_url,
          providerClientId: row.notify_client_id,
          // Text: kept by 0038, or set since by an instance of the version before 0040 during an upgrade (so newer than
          // what is sealed), until an instance of 0040 starts and seals it.
          secret: row.notify_client_secret ?? (sealed === null ? undefined : sealer.open(sealed, row.client_id)),
          scope: row.notify_scope,
          method: row.notify_auth_method ?? UNRECORDED_NOTIFY_AUTH_METHOD,
          changedAt: row.notify_auth_changed_at?.getTime() ?? 0,
        });
      }
      read = { at: Date.now(), byTarget };
    }
    return read.byTarget.get(target);
  }

  async function askToken(credentials: Credentials): Promise<{ token: string; until: number }> {
    const secret = credentials.secret;
    if (secret === undefined)
      throw new Error(
        `the client secret for the identity provider at ${credentials.tokenUrl} was sealed under another token key (JWT_SECRET changed, or a backup restored into another DATA_DIR): enter the sign-in of ONE Record client ${credentials.clientId} again`,
      );
    const basic = credentials.method === 'client_secret_basic';
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (!basic) {
      form.set('client_id', credentials.providerClientId);
      form.set('client_secret', secret);
    }
    if (credentials.scope) form.set('scope', credentials.scope);
    let response: Response;
    try {
      response = await fetch(credentials.tokenUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
          ...(basic ? { Authorization: basicAuthorization(credentials.providerClientId, secret) } : {}),
        },
        body: form,
        signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (error) {
      throw new Error(`the identity provider at ${credentials.tokenUrl} could not be reached: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`the identity provider at ${credentials.tokenUrl} refused the portal's client credentials (${response.status})`);
    let answer: { access_token?: unknown; expires_in?: unknown };
    try {
      answer = JSON.parse(text);
    } catch {
      throw new Error(`the identity provider at ${credentials.tokenUrl} answered no JSON`);
    }
    if (typeof answer.access_token !== 'string' || answer.access_token === '')
      throw new Error(`the identity provider at ${credentials.tokenUrl} answered no access_token`);
    const lifetime = typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : DEFAULT_LIFETIME_S;
    return { token: answer.access_token, until: Date.now() + lifetime * 1000 - EXPIRY_MARGIN_MS };
  }

  return {
    async authorizationFor(target, fresh = false) {
      const credentials = await credentialsFor(target);
      if (!credentials) return undefined;
      const kept = tokens.get(credentials.clientId);
      if (!fresh && kept && kept.changedAt === credentials.changedAt && kept.until > Date.now()) return `Bearer ${kept.token}`;
      const asked = await askToken(credentials);
      tokens.set(credentials.clientId, { ...asked, changedAt: credentials.changedAt });
      return `Bearer ${asked.token}`;
    },
    stop: unsubscribe,
  };
}
