import { writeFwb, type AirWaybill } from '../../../src/domain/cargoMessages';
import { findAccount } from '../../../src/server/auth/accounts';
import { hashPassword } from '../../../src/server/auth/passwords';
import { accessOf, scopeOf } from '../../../src/server/shipments/scope';
import { signIn, type TestApp } from '../testApp';

/**
 * The callers of the permission and authorization matrices: one user per role x company of the
 * demo world (read from the data, not listed here), each signed in. Shared by
 * permissionMatrix.test.ts and proof/authorizationMatrix.test.ts.
 */

export const MATRIX_PASSWORD = 'Matrix#2024z';

export interface Caller {
  role: string;
  companyId: string;
  userId: string;
  token: string;
}

export async function rolesOfData(t: TestApp): Promise<string[]> {
  return (await t.db.selectFrom('roles').select('role_id').orderBy('role_id').execute()).map((row) => row.role_id);
}

export async function companiesOfData(t: TestApp): Promise<string[]> {
  return (await t.db.selectFrom('companies').select('company_id').orderBy('company_id').execute()).map((row) => row.company_id);
}

/** The matrix user of a role in a company ("mxadmindemoair"). */
export function matrixUserId(role: string, companyId: string): string {
  return `mx${role}${companyId}`.toLowerCase();
}

/** Creates and signs in one user per role x company, company by company (in the order of `roles` within each). */
export async function createRoleCallers(t: TestApp, companies: readonly string[], roles: readonly string[]): Promise<Caller[]> {
  const hash = await hashPassword(MATRIX_PASSWORD);
  const users = companies.flatMap((companyId) => roles.map((role) => ({ role, companyId, userId: matrixUserId(role, companyId) })));
  await t.db
    .insertInto('users')
    .values(
      users.map(({ role, companyId, userId }) => ({
        company_id: companyId,
        user_id: userId,
        user_name: `Matrix ${role} ${companyId}`,
        email: `${userId}@matrix.example`,
        password_hash: hash,
        role_id: role,
        password_changed_at: new Date(),
        updated_at: new Date(),
      })),
    )
    .execute();
  // Side by side: each sign-in verifies the password hash (slow on purpose).
  return Promise.all(users.map(async (user) => ({ ...user, token: (await signIn(t.app, user.companyId, user.userId, MATRIX_PASSWORD)).access_token })));
}

/** The shipments a company has no relation to at all (neither its own nor lent), in id order. */
export async function unrelatedShipments(t: TestApp, companyId: string, userId: string): Promise<string[]> {
  const account = await findAccount(t.db, companyId, userId);
  if (!account) throw new Error(`no user ${userId} in ${companyId}`);
  const scope = await scopeOf(t.db, account);
  const lent = new Set(
    (await t.db.selectFrom('shipment_lendings').select('shipment_id').where('company_id', '=', companyId).execute()).map((row) => String(row.shipment_id)),
  );
  const shipments = await t.db
    .selectFrom('shipments')
    .select(['shipment_id', 'awb_prefix', 'agent_company_id', 'origin', 'destination'])
    .orderBy('shipment_id')
    .execute();
  return shipments.filter((shipment) => accessOf({ ...scope, lent }, shipment) === 'none').map((shipment) => String(shipment.shipment_id));
}

/** The shipments a company fully owns (its own, not merely lent), in id order. */
export async function ownShipments(t: TestApp, companyId: string, userId: string): Promise<string[]> {
  const account = await findAccount(t.db, companyId, userId);
  if (!account) throw new Error(`no user ${userId} in ${companyId}`);
  const scope = await scopeOf(t.db, account);
  const shipments = await t.db
    .selectFrom('shipments')
    .select(['shipment_id', 'awb_prefix', 'agent_company_id', 'origin', 'destination'])
    .orderBy('shipment_id')
    .execute();
  return shipments.filter((shipment) => accessOf(scope, shipment) === 'full').map((shipment) => String(shipment.shipment_id));
}

export interface ComplianceFixture {
  /** The FWB of a shipment the company may not send messages for. */
  foreignFwb: string;
  /** One outbound message of the company (SENT). */
  outboundMessageId: string;
  /** The company's current version of the US_CSL sanctions source. */
  sourceVersionId: string;
}

/**
 * What the compliance functions need of every company: a foreign FWB, a sanction list entry named
 * "MATRIX CHECK {company}" (reference MX-{company}) that only the company's own name check may find,
 * and an outbound message of its own.
 */
export async function complianceFixtures(t: TestApp, companies: readonly string[]): Promise<Map<string, ComplianceFixture>> {
  const shipments = await t.db
    .selectFrom('shipments')
    .select(['shipment_id', 'awb_prefix', 'agent_company_id', 'waybill'])
    .where('waybill', 'is not', null)
    .orderBy('shipment_id')
    .execute();
  const fwbOf = (shipment: (typeof shipments)[number]) => {
    const written = writeFwb(shipment.waybill as AirWaybill);
    if (!written.ok) throw new Error('a stored FWB must be written again');
    return written.text;
  };
  const airlineOf = (prefix: string) => (['160', '297'].includes(prefix) ? 'DEMOAIR' : 'SKYAIR');
  const fixtures = new Map<string, ComplianceFixture>();
  for (const companyId of companies) {
    const foreign = shipments.find((shipment) =>
      companyId === 'DEMOAIR' || companyId === 'SKYAIR'
        ? airlineOf(shipment.awb_prefix) !== companyId
        : companyId === 'DEMOFWD' || companyId === 'FASTFWD'
          ? shipment.agent_company_id !== null && shipment.agent_company_id !== companyId
          : true,
    );
    if (!foreign) throw new Error(`the demo world has no shipment ${companyId} may not send for`);
    await t.db
      .insertInto('rule_list_rows')
      .values({
        company_id: companyId,
        list_name: 'sanctionlist',
        row_values: JSON.stringify({
          listSource: 'INTERNAL',
          reference: `MX-${companyId}`,
          matchingValue: `MATRIX CHECK ${companyId}`,
          matchingMethod: 'Exact',
          partyType: 'Entity',
        }),
        unique_key: `internal|mx-${companyId.toLowerCase()}`,
        created_by: 'matrix',
        updated_by: 'matrix',
        updated_at: new Date(),
      })
      .execute();
    const outbound = await t.db
      .insertInto('outbound_messages')
      .values({ shipment_id: shipments[0].shipment_id, target: 'ACAS', payload: 'QK TEST', company_id: companyId, user_id: 'matrix', state: 'SENT' })
      .returning('message_id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('sanction_source_files')
      .values({ file_hash: 'matrix', source: 'US_CSL', summary: '{}' })
      .onConflict((oc) => oc.column('file_hash').doNothing())
      .execute();
    const version = await t.db
      .insertInto('sanction_source_versions')
      .values({
        company_id: companyId,
        source: 'US_CSL',
        file_hash: 'matrix',
        file_names: 'matrix.csv',
        via: 'upload',
        imported_by: 'matrix',
        entries: 0,
        aliases: 0,
        weak_aliases: 0,
        added: 0,
        removed: 0,
        changed: 0,
      })
      .returning('version_id')
      .executeTakeFirstOrThrow();
    fixtures.set(companyId, { foreignFwb: fwbOf(foreign), outboundMessageId: String(outbound.message_id), sourceVersionId: String(version.version_id) });
  }
  return fixtures;
}
