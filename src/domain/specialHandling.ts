import { ShipmentMessages } from './shipmentMessages';

/** Special handling codes (spec 5): at most 9, separated by a slash; each an IATA code of 3 capital letters. */
export const MAX_SPECIAL_HANDLING_CODES = 9;
const SHC = /^[A-Z]{3}$/;

/** 'eap/ELI' -> ['EAP', 'ELI']; duplicates kept once, order kept. */
export function parseSpecialHandlingCodes(text: string): string[] {
  const codes = text
    .split('/')
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code !== '');
  return [...new Set(codes)];
}

export function specialHandlingCodesProblem(codes: readonly string[]): string | undefined {
  if (codes.length > MAX_SPECIAL_HANDLING_CODES || codes.some((code) => !SHC.test(code))) return ShipmentMessages.specialHandlingCodes;
  return undefined;
}

export function formatSpecialHandlingCodes(codes: readonly string[]): string {
  return codes.join('/');
}

/** Handling codes that declare dangerous goods (IATA DGR: RXB ... RRY, ICE and the general DGR). */
export const DANGEROUS_GOODS_CODES: ReadonlySet<string> = new Set([
  'DGR',
  'RCL',
  'RCM',
  'RCX',
  'RCG',
  'REQ',
  'REX',
  'RFG',
  'RFL',
  'RFS',
  'RFW',
  'RGX',
  'RIS',
  'RMD',
  'RNG',
  'ROP',
  'ROX',
  'RPB',
  'RPG',
  'RRE',
  'RRW',
  'RRY',
  'RSB',
  'RSC',
  'RXB',
  'RXC',
  'RXD',
  'RXE',
  'RXG',
  'RXS',
  'ICE',
  'ELI',
  'ELM',
]);
