import { CompanyType } from './access';
import { ShipmentMessages } from './shipmentMessages';
import { formatMessage } from './statusCodes';

/** Shipment statuses (spec 3) and what each allows (CONTRACTS.md "Shipments"). */
export const SHIPMENT_STATUSES = ['New', 'Error', 'Accept', 'Reject', 'Submit', 'Eyeball', 'Nothing', 'Processing'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export function isShipmentStatus(text: string): text is ShipmentStatus {
  return (SHIPMENT_STATUSES as readonly string[]).includes(text);
}

/** Decided shipments: a new FWB or FHL reopens them as New; additional documents wait for acceptance. */
export const DECIDED_STATUSES: readonly ShipmentStatus[] = ['Accept', 'Reject', 'Submit'];

/** Open shipments: still to be decided, so a change of their carrier's lists screens them again. */
export const OPEN_STATUSES = ['New', 'Error', 'Eyeball', 'Processing'] as const satisfies readonly ShipmentStatus[];

export const ApproveType = { NORMAL: 'NORMAL', SOFT_BLOCK: 'SOFT_BLOCK' } as const;
export type ApproveTypeValue = (typeof ApproveType)[keyof typeof ApproveType];

export type BlockKind = 'HARD' | 'SOFT';

export interface AcceptanceBlock {
  kind: BlockKind;
  reason: string;
  /** The participants (company ids) it applies to; empty: everyone. */
  companies: readonly string[];
}

/** What the Acceptance Privilege list says of this participant for this shipment (see compliance/acceptanceRules.ts). */
export interface PrivilegeFacts {
  allowed: boolean;
  remarkRequired: boolean;
  mayOverrideSoftBlock: boolean;
  carrier: string;
  station: string;
}

export interface DecisionFacts {
  status: ShipmentStatus;
  companyId: string;
  companyTypeId: number;
  block: AcceptanceBlock | null;
  eyeballChecked: boolean;
  /** Sanction hits not yet decided (open or escalated). */
  openSanctionHits: number;
  /** Absent where no privilege applies (the carrier itself, or no rows for the station). */
  privilege?: PrivilegeFacts;
}

export type Refusal = { reason: RefusalReason; message: string };
export type RefusalReason =
  | 'companyCannotDecide'
  | 'processing'
  | 'notOpen'
  | 'dataErrors'
  | 'eyeballCheckRequired'
  | 'hardBlock'
  | 'softBlockRemarkRequired'
  | 'sanctionHitOpen'
  | 'noAcceptancePrivilege'
  | 'privilegeRemarkRequired'
  | 'softBlockNotPrivileged'
  | 'notDecided'
  | 'notAccepted';

/** Airlines and ground handlers decide; forwarders tender cargo and do not accept their own. */
export function companyMayDecide(companyTypeId: number): boolean {
  return companyTypeId === CompanyType.AIRLINE || companyTypeId === CompanyType.GROUND_HANDLER;
}

export function blockApplies(block: AcceptanceBlock | null, companyId: string): block is AcceptanceBlock {
  return block !== null && (block.companies.length === 0 || block.companies.includes(companyId));
}

/** What every change of a shipment depends on: who asks, and the status it is in. */
export type StatusFacts = Pick<DecisionFacts, 'companyTypeId' | 'status'>;

function commonRefusal(facts: StatusFacts): Refusal | undefined {
  if (!companyMayDecide(facts.companyTypeId)) return { reason: 'companyCannotDecide', message: ShipmentMessages.companyCannotDecide };
  if (facts.status === 'Processing') return { reason: 'processing', message: ShipmentMessages.autoAcceptanceInProgress };
  return undefined;
}

/** Why this company may not accept now, or undefined. `hasRemark`: a valid remark was given. */
export function acceptRefusal(facts: DecisionFacts, approveType: ApproveTypeValue, hasRemark: boolean): Refusal | undefined {
  const common = commonRefusal(facts);
  if (common) return common;
  if (facts.status === 'Error') return { reason: 'dataErrors', message: ShipmentMessages.dataErrors };
  if (facts.status !== 'New' && facts.status !== 'Eyeball')
    return { reason: 'notOpen', message: formatMessage(ShipmentMessages.notOpenForDecision, { status: facts.status }) };
  if (facts.openSanctionHits > 0)
    return { reason: 'sanctionHitOpen', message: formatMessage(ShipmentMessages.sanctionHitOpen, { count: facts.openSanctionHits }) };
  if (facts.status === 'Eyeball' && !facts.eyeballChecked) return { reason: 'eyeballCheckRequired', message: ShipmentMessages.eyeballCheckRequired };
  const privilege = facts.privilege;
  if (privilege && !privilege.allowed) {
    return {
      reason: 'noAcceptancePrivilege',
      message: formatMessage(ShipmentMessages.noAcceptancePrivilege, { carrier: privilege.carrier, station: privilege.station }),
    };
  }
  if (blockApplies(facts.block, facts.companyId)) {
    if (facts.block.kind === 'HARD') return { reason: 'hardBlock', message: formatMessage(ShipmentMessages.hardBlock, { reason: facts.block.reason }) };
    if (privilege && !privilege.mayOverrideSoftBlock) {
      return {
        reason: 'softBlockNotPrivileged',
        message: formatMessage(ShipmentMessages.softBlockNotPrivileged, { reason: facts.block.reason, station: privilege.station }),
      };
    }
    if (approveType !== ApproveType.SOFT_BLOCK || !hasRemark) {
      return { reason: 'softBlockRemarkRequired', message: formatMessage(ShipmentMessages.softBlockRemarkRequired, { reason: facts.block.reason }) };
    }
  }
  if (privilege?.remarkRequired && !hasRemark)
    return { reason: 'privilegeRemarkRequired', message: formatMessage(ShipmentMessages.privilegeRemarkRequired, { station: privilege.station }) };
  return undefined;
}

export function rejectRefusal(facts: DecisionFacts): Refusal | undefined {
  const common = commonRefusal(facts);
  if (common) return common;
  if (facts.status !== 'New' && facts.status !== 'Eyeball' && facts.status !== 'Error') {
    return { reason: 'notOpen', message: formatMessage(ShipmentMessages.notOpenForDecision, { status: facts.status }) };
  }
  return undefined;
}

/** The statuses a decision may start from (used by the conditional UPDATE as a second guard). */
export const ACCEPTABLE_FROM: readonly ShipmentStatus[] = ['New', 'Eyeball'];
export const REJECTABLE_FROM: readonly ShipmentStatus[] = ['New', 'Eyeball', 'Error'];
/** The eyeball check can be recorded while a decision is open. */
export const MARKABLE_FROM: readonly ShipmentStatus[] = ['New', 'Eyeball', 'Error'];
/** ACAS, ACI, Terminal and CSS messages go out for accepted shipments (an accepted one becomes Submit). */
export const SENDABLE_FROM: readonly ShipmentStatus[] = ['Accept', 'Submit'];

/** Why this company may not record the eyeball check now, or undefined. */
export function markRefusal(facts: StatusFacts): Refusal | undefined {
  const common = commonRefusal(facts);
  if (common) return common;
  if (!MARKABLE_FROM.includes(facts.status))
    return { reason: 'notOpen', message: formatMessage(ShipmentMessages.notOpenForDecision, { status: facts.status }) };
  return undefined;
}

/** Why this company may not change the special handling codes and remarks now, or undefined. */
export function modifyRefusal(facts: StatusFacts): Refusal | undefined {
  return commonRefusal(facts);
}

/** Why this company may not accept a document added after the decision, or undefined. */
export function acceptDocumentRefusal(facts: StatusFacts): Refusal | undefined {
  if (!companyMayDecide(facts.companyTypeId)) return { reason: 'companyCannotDecide', message: ShipmentMessages.companyCannotDecide };
  if (!DECIDED_STATUSES.includes(facts.status)) return { reason: 'notDecided', message: ShipmentMessages.notDecidedYet };
  return undefined;
}

/** Why this company may not send the shipment's messages now, or undefined. */
export function sendRefusal(facts: StatusFacts): Refusal | undefined {
  if (!companyMayDecide(facts.companyTypeId)) return { reason: 'companyCannotDecide', message: ShipmentMessages.companyCannotDecide };
  if (!SENDABLE_FROM.includes(facts.status))
    return { reason: 'notAccepted', message: formatMessage(ShipmentMessages.notAcceptedForSending, { status: facts.status }) };
  return undefined;
}
