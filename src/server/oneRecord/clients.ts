import { randomBytes } from 'node:crypto';
import {
  CLIENTS_PER_COMPANY,
  clientNameProblem,
  ClientProblemMessages,
  ONE_RECORD_CLIENT_ID,
  organisationIriProblem,
  type ClientProblem,
  type OneRecordClientRecord,
} from '../../domain/oneRecord/clients';
import { StatusCode } from '../../domain/statusCodes';
import { sql } from 'kysely';
import { companyRangesOf } from '../auth/accounts';
import { hashPassword, verifyPassword, verifyAgainstNothing } from '../auth/passwords';
import type { Db } from '../db/database';
import type { OneRecordClientTable } from '../db/schema';
import { refusal, type Outcome } from '../users/outcomes';
import { AuditEntity, recordAudit, type Actor } from '../users/userAudit';

/**
 * The ONE Record clients of a company (issue 37, 4; domain/oneRecord/clients.ts): registered and revoked by its
 * admins, each in the user-management audit; a secret is made here, answered once and kept as an argon2id hash.
 */

/** A client as registered or revoked; a registration's record also holds the secret, answered this once. */
export type ClientOutcome = Outcome<OneRecordClientRecord & { secret?: string }, 'name' | 'organisation_iri'>;

function problem(kind: ClientProblem, field?: 'name' | 'organisation_iri', httpStatus = 400): ClientOutcome {
  return refusal(httpStatus, kind === 'notFound' ? StatusCode.FAILURE : StatusCode.VALIDATION_FAIL, ClientProblemMessages[kind], field);
}

type ClientRow = Omit<OneRecordClientTable, 'created_at'> & { created_at: Date };

function recordOf(row: ClientRow): OneRecordClientRecord {
  return {
    id: row.client_id,
    name: row.name,
    organisation_iri: row.organisation_iri,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    revoked_by: row.revoked_by,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}

/** The company's clients, the live ones first, each in the order registered. */
export async function listClients(db: Db, companyId: string): Promise<OneRecordClientRecord[]> {
  const rows = await db
    .selectFrom('onerecord_clients')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy((eb) => eb('revoked_at', 'is', null), 'desc')
    .orderBy('created_at')
    .orderBy('client_id')
    .execute();
  return rows.map(recordOf);
}

export async function registerClient(db: Db, actor: Actor, input: { name: string; organisation_iri: string }): Promise<ClientOutcome> {
  const name = input.name.trim();
  const iri = input.organisation_iri.trim();
  const nameProblem = clientNameProblem(name);
  if (nameProblem) return problem(nameProblem, 'name');
  const iriProblem = organisationIriProblem(iri);
  if (iriProblem) return problem(iriProblem, 'organisation_iri');
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
      .values({ client_id: clientId, company_id: actor.companyId, name, organisation_iri: iri, secret_hash: secretHash, created_by: actor.userId })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      entity: AuditEntity.ONE_RECORD_CLIENT,
      entityKey: `${actor.companyId}|${clientId}`,
      action: 'onerecord-client-add',
      before: null,
      after: { client_id: clientId, name, organisation_iri: iri },
    });
    return { ok: true, record: { ...recordOf(row), secret } };
  });
}

export async function revokeClient(db: Db, actor: Actor, clientId: string): Promise<ClientOutcome> {
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
    const row = await trx
      .updateTable('onerecord_clients')
      .set({ revoked_at: new Date(), revoked_by: actor.userId })
      .where('client_id', '=', clientId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      entity: AuditEntity.ONE_RECORD_CLIENT,
      entityKey: `${actor.companyId}|${clientId}`,
      action: 'onerecord-client-revoke',
      before: { client_id: clientId, name: target.name, organisation_iri: target.organisation_iri },
      after: null,
    });
    return { ok: true, record: recordOf(row) };
  });
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
