import ipaddr from 'ipaddr.js';
import { Messages } from './statusCodes';

/**
 * Company address ranges (spec 6 "Access can be restricted by IP"): IPv4 and IPv6 CIDR blocks.
 * A company with no range is not restricted; with ranges, only addresses inside one of them may
 * sign in and reach the shipment calls.
 */

export const IP_RANGE_MAX_PER_COMPANY = 50;
export const IP_RANGE_DESCRIPTION_MAX_LENGTH = 100;

export type IpRangeProblem = 'required' | 'format' | 'tooMany' | 'duplicate' | 'description' | 'selfLockout' | 'notFound';

export const IpRangeProblemMessages: Record<IpRangeProblem, string> = {
  required: Messages.fillField,
  format: 'Please enter an IPv4 or IPv6 address or range in CIDR form, e.g. 203.0.113.0/24 or 2001:db8::/32.',
  tooMany: `A company may have at most ${IP_RANGE_MAX_PER_COMPANY} address ranges.`,
  duplicate: 'This address range is already in the list.',
  description: `The description may be at most ${IP_RANGE_DESCRIPTION_MAX_LENGTH} characters, without control characters.`,
  selfLockout: 'This change would block your own address ({address}), and you could no longer sign in. Add a range that includes it first.',
  notFound: 'The address range was not found.',
};

export interface IpRange {
  /** Normalised CIDR: the network address and prefix ("203.0.113.0/24", "2001:db8::/32"). */
  cidr: string;
  kind: 'ipv4' | 'ipv6';
}

type Address = ipaddr.IPv4 | ipaddr.IPv6;

const MAPPED_PREFIX = 96;

function format(address: Address): string {
  return address.kind() === 'ipv6' ? (address as ipaddr.IPv6).toRFC5952String() : address.toString();
}

/** An IPv4-mapped IPv6 range (::ffff:10.0.0.0/104) means the IPv4 range it maps. */
function unmap(address: Address, prefix: number): [Address, number] {
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && prefix >= MAPPED_PREFIX) {
    return [(address as ipaddr.IPv6).toIPv4Address(), prefix - MAPPED_PREFIX];
  }
  return [address, prefix];
}

function networkOf(address: Address, prefix: number): Address {
  const bytes = address.toByteArray();
  const masked = bytes.map((byte, index) => {
    const bitsHere = Math.max(0, Math.min(8, prefix - index * 8));
    return byte & ((0xff << (8 - bitsHere)) & 0xff);
  });
  return ipaddr.fromByteArray(masked);
}

/**
 * Reads "203.0.113.0/24", "203.0.113.7" (one address), "2001:db8::/32"; host bits are cleared
 * ("10.1.2.3/8" is 10.0.0.0/8). IPv4 must be four decimal parts; zone ids are refused.
 */
export function parseIpRange(text: string): IpRange | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.includes('%') || trimmed.length > 64) return undefined;
  const [addressText, prefixText, ...rest] = trimmed.split('/');
  if (rest.length > 0) return undefined;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return undefined;
  let address: Address;
  if (ipaddr.IPv4.isValidFourPartDecimal(addressText)) address = ipaddr.IPv4.parse(addressText);
  else if (ipaddr.IPv6.isValid(addressText)) address = ipaddr.IPv6.parse(addressText);
  else return undefined;
  const maxPrefix = address.kind() === 'ipv4' ? 32 : 128;
  const prefix = prefixText === undefined ? maxPrefix : Number(prefixText);
  if (prefix > maxPrefix) return undefined;
  const [plain, plainPrefix] = unmap(address, prefix);
  return { cidr: `${format(networkOf(plain, plainPrefix))}/${plainPrefix}`, kind: plain.kind() };
}

export function ipRangeProblem(text: string): IpRangeProblem | undefined {
  if (text.trim() === '') return 'required';
  return parseIpRange(text) ? undefined : 'format';
}

/** A client address as one form: IPv4-mapped IPv6 ("::ffff:203.0.113.7") becomes IPv4; undefined when unreadable. */
export function normaliseAddress(text: string): string | undefined {
  if (!ipaddr.isValid(text)) return undefined;
  return format(ipaddr.process(text));
}

/** Ranges of addresses that say where a machine sits in its network, not in which country. */
const INTERNAL_RANGES: ReadonlySet<string> = new Set(['loopback', 'private', 'linkLocal', 'uniqueLocal', 'carrierGradeNat', 'unspecified']);

/**
 * Whether no region lookup could place the address in a country: loopback (the server's own
 * machine), private and unique-local networks, link-local, carrier-grade NAT. Unreadable: false.
 */
export function isInternalAddress(addressText: string): boolean {
  const address = ipaddr.IPv4.isValidFourPartDecimal(addressText)
    ? ipaddr.IPv4.parse(addressText)
    : ipaddr.IPv6.isValid(addressText)
      ? ipaddr.process(addressText)
      : undefined;
  return address !== undefined && INTERNAL_RANGES.has(address.range());
}

/** Whether the address is inside one of the ranges (normalised CIDR strings). An unreadable address is inside none. */
export function addressInRanges(addressText: string, ranges: readonly string[]): boolean {
  if (!ipaddr.isValid(addressText)) return false;
  const address = ipaddr.process(addressText);
  return ranges.some((range) => {
    const parsed = parseIpRange(range);
    if (!parsed || parsed.kind !== address.kind()) return false;
    return address.match(ipaddr.parseCIDR(parsed.cidr));
  });
}

/** Restriction applies only when the company has ranges. */
export function isAddressAllowed(addressText: string, ranges: readonly string[]): boolean {
  return ranges.length === 0 || addressInRanges(addressText, ranges);
}

/** Description text: optional, short, and free of control characters. */
export function ipRangeDescriptionProblem(text: string): IpRangeProblem | undefined {
  return text.length > IP_RANGE_DESCRIPTION_MAX_LENGTH || /\p{Cc}/u.test(text) ? 'description' : undefined;
}
