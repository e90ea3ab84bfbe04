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

export type ClientProblem = 'nameRequired' | 'nameTooLong' | 'iriRequired' | 'iriInvalid' | 'iriTooLong' | 'tooMany' | 'notFound' | 'revoked';

export const ClientProblemMessages: Record<ClientProblem, string> = {
  nameRequired: 'A name is required, to tell the client apart.',
  nameTooLong: `The name may hold at most ${CLIENT_NAME_MAX} characters.`,
  iriRequired: "The organisation's IRI is required.",
  iriInvalid: "The organisation's IRI must be an absolute http or https address, e.g. https://partner.example/logistics-objects/org.",
  iriTooLong: `The organisation's IRI may hold at most ${ORGANISATION_IRI_MAX} characters.`,
  tooMany: `Your company holds ${CLIENTS_PER_COMPANY} clients already: revoke one first.`,
  notFound: 'No such ONE Record client in your company.',
  revoked: 'This client is revoked already.',
};

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
  if (/\s/.test(trimmed)) return 'iriInvalid';
  try {
    const { protocol, hostname } = new URL(trimmed);
    return (protocol === 'https:' || protocol === 'http:') && hostname !== '' ? undefined : 'iriInvalid';
  } catch {
    return 'iriInvalid';
  }
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
}
