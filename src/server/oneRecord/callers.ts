import { ACCOUNT_ID_PATTERN } from '../../domain/access';
import { logisticsObjectIri } from '../../domain/oneRecord/vocabulary';

/**
 * Who calls the ONE Record server (issue 37, 4): a signed-in portal user of a company, or a registered client of a
 * company with its organisation's IRI. A portal company is an organisation of this server:
 * `{base}/logistics-objects/company-{id}`, a cargo:Company any caller may read.
 */
export type OneRecordCaller = { companyId: string } & ({ userId: string } | { clientId: string; organisationIri: string });

/** The prefix of a company's object id: every id that starts so is the portal's to give (isReservedId). */
export const COMPANY_PREFIX = 'company-';

/** A company's object id: its id is an account id (ACCOUNT_ID_PATTERN), which an IRI holds as it is. */
export const companyObjectId = (companyId: string) => `${COMPANY_PREFIX}${companyId}`;

/**
 * The company a `company-{id}` object id names, or undefined when it names none: any text may come here (a path, an
 * IRI in a body), and only an account id can be a company's, so nothing is decoded and nothing throws.
 */
export function companyIdOf(objectId: string): string | undefined {
  if (!objectId.startsWith(COMPANY_PREFIX)) return undefined;
  const companyId = objectId.slice(COMPANY_PREFIX.length);
  return ACCOUNT_ID_PATTERN.test(companyId) ? companyId : undefined;
}

/** The organisation a caller stands for: a client's registered IRI, a user's company. */
export const organisationOf = (caller: OneRecordCaller, base: string) =>
  'organisationIri' in caller ? caller.organisationIri : logisticsObjectIri(base, companyObjectId(caller.companyId));

/** The requester fields of a caller (who made an object, an event, a request). */
export const requesterOf = (caller: OneRecordCaller, base: string) => ({
  companyId: caller.companyId,
  ...('userId' in caller ? { userId: caller.userId } : { clientId: caller.clientId }),
  organisationIri: organisationOf(caller, base),
});
