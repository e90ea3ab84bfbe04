import { randomBytes } from 'node:crypto';
import {
  CLIENTS_PER_COMPANY,
  clientNameProblem,
  ClientProblemMessages,
  DEFAULT_NOTIFY_AUTH_METHOD,
  notifyAuthInput,
  notifyAuthProblems,
  ONE_RECORD_CLIENT_ID,
  organisationIriProblem,
  type ClientProblem,
  type NotifyAuthField,
  type NotifyAuthInput,
  type NotifyAuthMethod,
  UNRECORDED_NOTIFY_AUTH_METHOD,
  type OneRecordClientRecord,
} from '../../domain/oneRecord/clients';
import { StatusCode } from '../../domain/statusCodes';
import { sql } from 'kysely';
import { companyRangesOf } from '../auth/accounts';
import { hashPassword, verifyPassword, verifyAgainstNothing } from '../auth/passwords';
import type { Db } from '../db/database';
import type { Updateable } from 'kysely';
import type { OneRecordClientTable } from '../db/schema';
import { refusal, type Outcome } from '../users/outcomes';
import { AuditEntity, recordAudit, type Actor } from '../users/userAudit';
import type { Sealer } from '../sealedSecrets';

/**
 * The ONE Record clients of a company (issue 37, 4; domain/oneRecord/clients.ts): registered and revoked by its
 * admins, each in the user-management audit; a secret is made here, answered once and kept as an argon2id hash.
 */

/** A client as registered or revoked; a registration's record also holds the secret, answered this once. */
export type ClientOutcome = Outcome<OneRecordClientRecord & { secret?: string }, 'name' | 'organisation_iri' | NotifyAuthField>;

function problem(kind: ClientProblem, field?: 'name' | 'organisation_iri' | NotifyAuthField, httpStatus = 400): ClientOutcome {
  return refusal(httpStatus, kind === 'notFound' ? StatusCode.FAILURE : StatusCode.VALIDATION_FAIL, ClientProblemMessages[kind], field);
}

type ClientRow = Omit<OneRecordClientTable, 'created_at'> & { created_at: Date };

function recordOf(row: ClientRow, sealer: Sealer): OneRecordClientRecord {
  return {
    id: row.client_id,
    name: row.name,
    organisation_iri: row.organisation_iri,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    revoked_by: row.revoked_by,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
    notify_token_url: row.notify_token_url,
    notify_client_id: row.notify_client_id,
    notify_scope: row.notify_scope,
    notify_auth_method: row.notify_token_url ? (row.notify_auth_method ?? UNRECORDED_NOTIFY_AUTH_METHOD) : null,
    notify_secret_lost:
      row.notify_client_secret === null &&
      row.notify_client_secret_sealed !== null &&
      sealer.open(row.notify_client_secret_sealed, row.client_id) === undefined,
  };
}

/** The sign-in's columns as kept: the secret sealed for the client (sealedSecrets.ts), never as text. */
const keptAuth = (values: NotifyAuthValues, clientId: string, sealer: Sealer) => ({
  ...values,
  notify_client_secret: null,
  notify_client_secret_sealed: values.notify_client_secret === null ? null : sealer.seal(values.notify_client_secret, clientId),
});

/**
 * Seals the secrets a sign-in of migration 0038 kept as text (run as an instance starts; a row changed meanwhile is
 * left to its change). Answers how many were sealed.
 */
export async function sealTextSecrets(db: Db, sealer: Sealer): Promise<number> {
  const rows = await db.selectFrom('onerecord_clients').select(['client_id', 'notify_client_secret']).where('notify_client_secret', 'is not', null).execute();
  let sealed = 0;
  for (const row of rows) {
    const text = row.notify_client_secret as string;
    const changed = await db
      .updateTable('onerecord_clients')
      .set({ notify_client_secret: null, notify_client_secret_sealed: sealer.seal(text, row.client_id) })
      .where('client_id', '=', row.client_id)
      .where('notify_client_secret', '=', text)
      .executeTakeFirst();
    sealed += Number(changed.numUpdatedRows);
  }
  return sealed;
}

/** The notification sign-in as its columns keep it. */
type NotifyAuthValues = Pick<ClientRow, 'notify_token_url' | 'notify_client_id' | 'notify_client_secret' | 'notify_scope' | 'notify_auth_method'>;

/** The notification sign-in as kept (all null: without a token), or the first problem of it. */
function notifyAuthOf(values: Partial<NotifyAuthInput>): { ok: true; values: NotifyAuthValues } | { ok: false; outcome: ClientOutcome } {
  const problems = Object.entries(notifyAuthProblems(values)) as [NotifyAuthField, ClientProblem][];
  if (problems.length > 0) return { ok: false, outcome: problem(problems[0][1], problems[0][0]) };
  const input = notifyAuthInput(values);
  return {
    ok: true,
    values:
      input.notify_token_url === ''
        ? { notify_token_url: null, notify_client_id: null, notify_client_secret: null, notify_scope: null, notify_auth_method: null }
        : {
            notify_token_url: input.notify_token_url,
            notify_client_id: input.notify_client_id,
            notify_client_secret: input.notify_client_secret,
            notify_scope: input.notify_scope || null,
            // notifyAuthProblems let only a listed method or a blank through.
            notify_auth_method: (input.notify_auth_method || DEFAULT_NOTIFY_AUTH_METHOD) as NotifyAuthMethod,
          },
  };
}

/** What the audit keeps of a notification sign-in: never the secret. */
const auditedAuth = (values: Omit<NotifyAuthValues, 'notify_client_secret'>) => ({
  notify_token_url: values.notify_token_url,
  notify_client_id: values.notify_client_id,
  notify_scope: values.notify_scope,
  notify_auth_method: values.notify_token_url ? (values.notify_auth_method ?? UNRECORDED_NOTIFY_AUTH_METHOD) : null,
});

/** The company's clients, the live ones first, each in the order registered. */
export async function listClients(db: Db, sealer: Sealer, companyId: string): Promise<OneRecordClientRecord[]> {
  const rows = await db
    .selectFrom('onerecord_clients')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy((eb) => eb('revoked_at', 'is', null), 'desc')
    .orderBy('created_at')
    .orderBy('client_id')
    .execute();
  return rows.map((row) => recordOf(row, sealer));
}

export async function registerClient(
  db: Db,
  sealer: Sealer,
  actor: Actor,
  input: { name: string; organisation_iri: string } & Partial<NotifyAuthInput>,
): Promise<ClientOutcome> {
  const name = input.name.trim();
  const iri = input.organisation_iri.trim();
  const nameProblem = clientNameProblem(name);
  if (nameProblem) return problem(nameProblem, 'name');
  const iriProblem = organisationIriProblem(iri);
  if (iriProblem) return problem(iriProblem, 'organisation_iri');
  const auth = notifyAuthOf(input);
  if (!auth.ok) return auth.outcome;
  const clientId = `orc_${randomBytes(12).toString('hex')}`;
  const secret = randomBytes(32).toString('base64url');
  const secretHash = await hashPassword(secret);
  return db.transaction().execute(async (trx): Promise<ClientOutcome> => {
    await trx.selectFrom('companies').select('company_id').where('company_id', '=', actor.companyId).forUpdate().execute();
    const live = await trx
      .selectFrom('onerecord_clients')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('company_id', '=', actor.companyId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(live.count) >= CLIENTS_PER_COMPANY) return problem('tooMany', 'name');
    const row = await trx
      .insertInto('onerecord_clients')
      .values({
        client_id: clientId,
        company_id: actor.companyId,
        name,
        organisation_iri: iri,
        secret_hash: secretHash,
        created_by: actor.userId,
        ...keptAuth(auth.values, clientId, sealer),
        notify_auth_changed_at: auth.values.notify_token_url ? new Date() : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      entity: AuditEntity.ONE_RECORD_CLIENT,
      entityKey: `${actor.companyId}|${clientId}`,
      action: 'onerecord-client-add',
      before: null,
      after: { client_id: clientId, name, organisation_iri: iri, ...auditedAuth(auth.values) },
    });
    return { ok: true, record: { ...recordOf(row, sealer), secret } };
  });
}

/**
 * Changes a live client of the actor's company, in a transaction holding its row: `change` gives the columns to set and
 * what the audit keeps of the change (`before`, `after`); a client of another company is not found.
 */
async function changeLiveClient(
  db: Db,
  sealer: Sealer,
  actor: Actor,
  clientId: string,
  action: 'onerecord-client-revoke' | 'onerecord-client-notify-auth',
  change: (target: ClientRow) => { set: Updateable<OneRecordClientTable>; before: Record<string, unknown>; after: Record<string, unknown> | null },
): Promise<ClientOutcome> {
  return db.transaction().execute(async (trx): Promise<ClientOutcome> => {
    const target = await trx
      .selectFrom('onerecord_clients')
      .selectAll()
      .where('client_id', '=', clientId)
      .where('company_id', '=', actor.companyId)
      .forUpdate()
      .executeTakeFirst();
    if (!target) return problem('notFound', undefined, 404);
    if (target.revoked_at) return problem('revoked');
    const { set, before, after } = change(target);
    const row = await trx.updateTable('onerecord_clients').set(set).where('client_id', '=', clientId).returningAll().executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { entity: AuditEntity.ONE_RECORD_CLIENT, entityKey: `${actor.companyId}|${clientId}`, action, before, after });
    return { ok: true, record: recordOf(row, sealer) };
  });
}

/** Sets (or, all blank, clears) how the portal signs in to notify a live client's organisation. */
export async function setNotifyAuth(db: Db, sealer: Sealer, actor: Actor, clientId: string, input: Partial<NotifyAuthInput>): Promise<ClientOutcome> {
  const auth = notifyAuthOf(input);
  if (!auth.ok) return auth.outcome;
  return changeLiveClient(db, sealer, actor, clientId, 'onerecord-client-notify-auth', (target) => ({
    set: { ...keptAuth(auth.values, clientId, sealer), notify_auth_changed_at: new Date() },
    before: { client_id: clientId, ...auditedAuth(target) },
    after: { client_id: clientId, ...auditedAuth(auth.values) },
  }));
}

export async function revokeClient(db: Db, sealer: Sealer, actor: Actor, clientId: string): Promise<ClientOutcome> {
  return changeLiveClient(db, sealer, actor, clientId, 'onerecord-client-revoke', (target) => ({
    set: { revoked_at: new Date(), revoked_by: actor.userId },
    before: { client_id: clientId, name: target.name, organisation_iri: target.organisation_iri },
    after: null,
  }));
}

/** A live client as its token stands for it: its company, its organisation, and the company's address ranges. */
export interface OneRecordClient {
  clientId: string;
  companyId: string;
  organisationIri: string;
  ipRanges: string[];
}

/** The live (not revoked) client of this id, with its company's address ranges; undefined for any other id. */
export async function liveClient(db: Db, clientId: string): Promise<(OneRecordClient & { secretHash: string }) | undefined> {
  if (!ONE_RECORD_CLIENT_ID.test(clientId)) return undefined;
  const row = await db
    .selectFrom('onerecord_clients as c')
    .select(['c.client_id', 'c.company_id', 'c.organisation_iri', 'c.secret_hash', companyRangesOf(sql.ref('c.company_id')).as('ip_ranges')])
    .where('c.client_id', '=', clientId)
    .where('c.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    clientId: row.client_id,
    companyId: row.company_id,
    organisationIri: row.organisation_iri,
    secretHash: row.secret_hash,
    ipRanges: row.ip_ranges,
  };
}

/** The client whose id and secret these are, when live; the time an unknown id takes is a hash's too (it tells nothing). */
export async function clientOfCredentials(db: Db, clientId: string, secret: string): Promise<OneRecordClient | undefined> {
  const client = await liveClient(db, clientId);
  const valid = client ? await verifyPassword(client.secretHash, secret) : await verifyAgainstNothing(secret);
  if (!client || !valid) return undefined;
  await db.updateTable('onerecord_clients').set({ last_used_at: new Date() }).where('client_id', '=', clientId).execute();
  const { secretHash: _hash, ...rest } = client;
  return rest;
}
