import { logisticsObjectIri } from '../../domain/oneRecord/vocabulary';

/**
 * Who calls the ONE Record server (issue 37, 4): a signed-in portal user of a company, or a registered client of a
 * company with its organisation's IRI. A portal company is an organisation of this server:
 * `{base}/logistics-objects/company-{id}`, a cargo:Company any caller may read.
 */
export type OneRecordCaller = { companyId: string } & ({ userId: string } | { clientId: string; organisationIri: string });

const COMPANY_PREFIX = 'company-';

export const companyObjectId = (companyId: string) => `${COMPANY_PREFIX}${encodeURIComponent(companyId)}`;

/** The company a `company-{id}` object id names. */
export const companyIdOf = (objectId: string) => (objectId.startsWith(COMPANY_PREFIX) ? decodeURIComponent(objectId.slice(COMPANY_PREFIX.length)) : undefined);

/** The organisation a caller stands for: a client's registered IRI, a user's company. */
export const organisationOf = (caller: OneRecordCaller, base: string) =>
  'organisationIri' in caller ? caller.organisationIri : logisticsObjectIri(base, companyObjectId(caller.companyId));

/** The requester fields of a caller (who made an object, an event, a request). */
export const requesterOf = (caller: OneRecordCaller, base: string) => ({
  companyId: caller.companyId,
  ...('userId' in caller ? { userId: caller.userId } : { clientId: caller.clientId }),
  organisationIri: organisationOf(caller, base),
});
