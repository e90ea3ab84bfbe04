export * from './model';
export * from './faults';
export { DEFAULT_CARGO_MESSAGE_LIMITS, type CargoMessageLimits } from './limits';
export { decodeMessageBytes } from './cargoImpLines';
export { readFwb, FWB_VERSIONS } from './fwbReader';
export { readFhl, FHL_VERSIONS } from './fhlReader';
export { writeFwb } from './fwbWriter';
export { writeFhl } from './fhlWriter';
export { readXfwb } from './xml/xfwbReader';
export { readXfhl } from './xml/xfhlReader';
export { readCargoMessage } from './readCargoMessage';
export {
  securityDeclarationOf,
  partyCustomsIdentifiersOf,
  customsEntriesOf,
  type SecurityDeclaration,
  type RegulatedEntity,
  type PartyCustomsIdentifier,
} from './customs';
export { readAcknowledgement, isAcknowledgement, type Acknowledgement } from './acknowledgement';
