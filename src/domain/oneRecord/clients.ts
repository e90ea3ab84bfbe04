/**
 * ONE Record clients (issue 37, 4): systems a company's admins register to call the portal's ONE Record server as the
 * company. A client signs in at /auth/token with GrantType client_credentials, its client id and its secret, and gets
 * an access token for /onerecord only, carrying its organisation's IRI (the ONE Record security guidance's
 * `logistics_agent_uri`). What the browser and the server check of a registration alike.
 */

/** A client id: `orc_` and 24 lower-case letters and digits (never a portal ClientId, which holds `|`). */
export const ONE_RECORD_CLIENT_ID = /^orc_[a-z0-9]{24}$/;
export const CLIENT_NAME_MAX = 100;
export const ORGANISATION_IRI_MAX = 500;
/** Clients a company may hold at once (revoked ones not counted). */
export const CLIENTS_PER_COMPANY = 50;

export const TOKEN_URL_MAX = 500;
export const NOTIFY_CLIENT_ID_MAX = 200;
export const NOTIFY_SECRET_MAX = 500;
export const NOTIFY_SCOPE_MAX = 200;
/**
 * How the client credentials reach the identity provider (RFC 6749, 2.3.1): an HTTP Basic header, which every provider
 * must take (the default), or the form body, which some ask for instead.
 */
export const NOTIFY_AUTH_METHODS = ['client_secret_basic', 'client_secret_post'] as const;
export type NotifyAuthMethod = (typeof NOTIFY_AUTH_METHODS)[number];
/** The method of a sign-in entered without one. */
export const DEFAULT_NOTIFY_AUTH_METHOD: NotifyAuthMethod = 'client_secret_basic';
/** The method of a sign-in kept before migration 0039, which kept none: the form body, all the portal sent then. */
export const UNRECORDED_NOTIFY_AUTH_METHOD: NotifyAuthMethod = 'client_secret_post';

export type ClientProblem =
  | 'nameRequired'
  | 'nameTooLong'
  | 'iriRequired'
  | 'iriInvalid'
  | 'iriTooLong'
  | 'tooMany'
  | 'notFound'
  | 'revoked'
  | 'tokenUrlRequired'
  | 'tokenUrlInvalid'
  | 'notifyClientIdRequired'
  | 'notifyClientIdTooLong'
  | 'notifySecretRequired'
  | 'notifySecretTooLong'
  | 'notifyScopeTooLong'
  | 'notifyAuthMethodInvalid';

export const ClientProblemMessages: Record<ClientProblem, string> = {
  nameRequired: 'A name is required, to tell the client apart.',
  nameTooLong: `The name may hold at most ${CLIENT_NAME_MAX} characters.`,
  iriRequired: "The organisation's IRI is required.",
  iriInvalid: "The organisation's IRI must be an absolute http or https address, e.g. https://partner.example/logistics-objects/org.",
  iriTooLong: `The organisation's IRI may hold at most ${ORGANISATION_IRI_MAX} characters.`,
  tooMany: `Your company holds ${CLIENTS_PER_COMPANY} clients already: revoke one first.`,
  notFound: 'No such ONE Record client in your company.',
  revoked: 'This client is revoked already.',
  tokenUrlRequired: "The identity provider's token address is required to sign the notifications in.",
  tokenUrlInvalid: `The identity provider's token address must be an absolute http or https address of at most ${TOKEN_URL_MAX} characters, e.g. https://idp.partner.example/oauth2/token.`,
  notifyClientIdRequired: 'The client id the identity provider gave the portal is required.',
  notifyClientIdTooLong: `The client id may hold at most ${NOTIFY_CLIENT_ID_MAX} characters.`,
  notifySecretRequired: 'The client secret the identity provider gave the portal is required (it is never shown again: enter it each time).',
  notifySecretTooLong: `The client secret may hold at most ${NOTIFY_SECRET_MAX} characters.`,
  notifyScopeTooLong: `The scope may hold at most ${NOTIFY_SCOPE_MAX} characters.`,
  notifyAuthMethodInvalid: 'The credentials are sent as client_secret_basic (an HTTP Basic header) or client_secret_post (in the form body).',
};

/**
 * How the portal signs in when it notifies the client's organisation (API 2.3.0, "Security": a ONE Record server
 * accepts notifications from an authenticated caller only): the OAuth 2.0 client credentials the identity provider
 * that organisation trusts gave the portal. All blank: notifications go without a token.
 */
export const NOTIFY_AUTH_FIELDS = ['notify_token_url', 'notify_client_id', 'notify_client_secret', 'notify_scope', 'notify_auth_method'] as const;
export type NotifyAuthField = (typeof NOTIFY_AUTH_FIELDS)[number];
/** Each field as text; a blank notify_auth_method is DEFAULT_NOTIFY_AUTH_METHOD. */
export type NotifyAuthInput = Record<NotifyAuthField, string>;

/** A notification sign-in as it is sent and kept: every field there, trimmed but the secret, which is taken as typed. */
export function notifyAuthInput(values: Partial<Record<NotifyAuthField, string | null>>): NotifyAuthInput {
  const input = {} as NotifyAuthInput;
  for (const field of NOTIFY_AUTH_FIELDS) {
    const value = values[field] ?? '';
    input[field] = field === 'notify_client_secret' ? value : value.trim();
  }
  return input;
}

const isHttpAddress = (text: string) => {
  if (/\s/.test(text)) return false;
  try {
    const { protocol, hostname } = new URL(text);
    return (protocol === 'https:' || protocol === 'http:') && hostname !== '';
  } catch {
    return false;
  }
};

/** What is wrong with a client's notification sign-in, by field (none when it is all blank or all there). */
export function notifyAuthProblems(values: Partial<Record<NotifyAuthField, string | null>>): Partial<Record<NotifyAuthField, ClientProblem>> {
  const {
    notify_token_url: url,
    notify_client_id: id,
    notify_client_secret: secret,
    notify_scope: scope,
    notify_auth_method: method,
  } = notifyAuthInput(values);
  const problems: Partial<Record<NotifyAuthField, ClientProblem>> = {};
  if (url === '' && id === '' && secret === '' && scope === '') return problems;
  if (url === '') problems.notify_token_url = 'tokenUrlRequired';
  else if (url.length > TOKEN_URL_MAX || !isHttpAddress(url)) problems.notify_token_url = 'tokenUrlInvalid';
  if (id === '') problems.notify_client_id = 'notifyClientIdRequired';
  else if (id.length > NOTIFY_CLIENT_ID_MAX) problems.notify_client_id = 'notifyClientIdTooLong';
  if (secret === '') problems.notify_client_secret = 'notifySecretRequired';
  else if (secret.length > NOTIFY_SECRET_MAX) problems.notify_client_secret = 'notifySecretTooLong';
  if (scope.length > NOTIFY_SCOPE_MAX) problems.notify_scope = 'notifyScopeTooLong';
  if (method !== '' && !(NOTIFY_AUTH_METHODS as readonly string[]).includes(method)) problems.notify_auth_method = 'notifyAuthMethodInvalid';
  return problems;
}

export function clientNameProblem(name: string): ClientProblem | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'nameRequired';
  if (trimmed.length > CLIENT_NAME_MAX) return 'nameTooLong';
  return undefined;
}

export function organisationIriProblem(iri: string): ClientProblem | undefined {
  const trimmed = iri.trim();
  if (trimmed === '') return 'iriRequired';
  if (trimmed.length > ORGANISATION_IRI_MAX) return 'iriTooLong';
  return isHttpAddress(trimmed) ? undefined : 'iriInvalid';
}

/** A registered client as the onerecordclients resource answers it (never its secret, which only its registration answers, once). */
export interface OneRecordClientRecord {
  id: string;
  name: string;
  organisation_iri: string;
  created_by: string;
  created_at: string;
  revoked_by: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  /** How the portal signs in to notify the client's organisation (never the secret); null: without a token. */
  notify_token_url: string | null;
  notify_client_id: string | null;
  notify_scope: string | null;
  notify_auth_method: NotifyAuthMethod | null;
  /** The secret kept cannot be opened since the portal's token key changed (JWT_SECRET, or a backup restored elsewhere): the sign-in must be entered again. */
  notify_secret_lost: boolean;
}
