import { ACCOUNT_ID_PATTERN } from './access';

/**
 * Lending (CONTRACTS.md "Shipments"): the airline that owns an air waybill lets another company see
 * its summary row; the borrower's details stay refused with the lent message (spec 6). The owner
 * lends and takes back from the AWB detail (awblend, awbtakeback); the messages are this product's
 * own, in the spec's manner.
 */
export const LendingMessages = {
  lendFail: 'Lend Shipment Fail!',
  takeBackFail: 'Take Back Shipment Fail!',
  companyRequired: 'Please choose the company to lend this air waybill to.',
  unknownCompany: 'There is no company {company}.',
  ownCompany: 'This air waybill is your company’s own: choose another company to lend it to.',
  alreadyLent: 'This air waybill is already lent to {company}.',
  borrowerOwns: '{company} sees this air waybill as its own already: there is nothing to lend.',
  notLent: 'This air waybill is not lent to {company}.',
  notOwner: 'Only the airline that owns this air waybill can lend it or take it back.',
} as const;

/** POST awbapi/awblend and awbapi/awbtakeback: the shipment, the borrowing company, and the UpdateDT the user saw. */
export interface LendingRequest {
  ShipmentId: string;
  CompanyId: string;
  UpdateDT: string;
}

/** A company the owner may lend a shipment to (GET awbapi/util/lendcompanies/{shipmentId}). */
export interface LendableCompany {
  CompanyId: string;
  CompanyName: string;
  CompanyTypeId: number;
}

/** One lending of a shipment, as its owner sees it on the detail. */
export interface ShipmentLending {
  CompanyId: string;
  CompanyName: string;
  LentAt: string;
  /** The company and user who lent it (no user for lendings made before users were recorded). */
  LentByCompany: string;
  LentByUser: string | null;
}

/** Company ids are matched without regard to case (stored upper case). */
export function normaliseCompanyId(companyId: string): string {
  return companyId.trim().toUpperCase();
}

/** What is wrong with the borrowing company as given: none chosen, or not a company id at all. */
export function lendingCompanyProblem(companyId: string): string | undefined {
  const id = companyId.trim();
  if (id === '') return LendingMessages.companyRequired;
  return ACCOUNT_ID_PATTERN.test(id) ? undefined : LendingMessages.unknownCompany.replace('{company}', id);
}
