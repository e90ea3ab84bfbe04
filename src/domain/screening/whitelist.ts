import type { MatchingMethod } from '../wildcard';
import { compileFoldedPattern, readMatchingValue } from './matchingValues';
import { normaliseName } from './nameNormalisation';
import type { SanctionHit, ScreenedRole, ScreeningSubject } from './sanctionList';
import { foldText } from './textFolding';

/**
 * The sanction whitelist: parties cleared after review. A hit is suppressed when its party matches
 * an active, unexpired entry for its role (and country and carrier when the entry names them);
 * an entry with a sanction reference clears the party against that list entry only.
 */

export interface WhitelistEntry {
  /** The party name, a matching value. */
  name: string;
  matchingMethod: MatchingMethod;
  partyRole: 'Any' | Exclude<ScreenedRole, 'Goods'>;
  countryCode?: string;
  carrierId?: string;
  /** The list entry the party was cleared against, e.g. SDN-36; none clears it against every entry. */
  sanctionReference?: string;
  /** Last day of validity, ISO yyyy-mm-dd. */
  validUntil?: string;
  active: boolean;
  reason?: string;
}

export interface WhitelistContext {
  /** The day of screening, ISO yyyy-mm-dd. */
  date: string;
  /** The carrier the shipment is screened for. */
  carrierId?: string;
}

type PartyTest = (subject: ScreeningSubject) => boolean;

function partyTest(entry: WhitelistEntry): PartyTest | undefined {
  const value = readMatchingValue(entry.name);
  if (value.kind === 'invalid') return undefined;
  if (value.kind === 'pattern') {
    const expression = compileFoldedPattern(value.folded, entry.matchingMethod);
    return (subject) => expression.test(foldText(subject.text));
  }
  // Literal names compare as names: folded, legal forms removed, under the entry's method.
  const listed = normaliseName(value.text).text;
  if (!listed) return undefined;
  if (entry.matchingMethod === 'Exact') return (subject) => normaliseName(subject.text).text === listed;
  const words = ` ${listed} `;
  if (entry.matchingMethod === 'Keyword') return (subject) => ` ${normaliseName(subject.text).text} `.includes(words);
  return (subject) => normaliseName(subject.text).text.includes(listed);
}

export class SanctionWhitelist {
  private readonly entries: { entry: WhitelistEntry; matchesParty: PartyTest }[];

  constructor(entries: readonly WhitelistEntry[]) {
    this.entries = entries.flatMap((entry) => {
      const matchesParty = entry.active ? partyTest(entry) : undefined;
      return matchesParty ? [{ entry, matchesParty }] : [];
    });
  }

  /** The whitelist entry that clears this hit on this party, if any. */
  clearing(hit: SanctionHit, subject: ScreeningSubject, context: WhitelistContext): WhitelistEntry | undefined {
    if (subject.role === 'Goods') return undefined;
    return this.entries.find(
      ({ entry, matchesParty }) =>
        (entry.partyRole === 'Any' || entry.partyRole === subject.role) &&
        (!entry.validUntil || entry.validUntil >= context.date) &&
        (!entry.countryCode || entry.countryCode === subject.countryCode) &&
        (!entry.carrierId || entry.carrierId === context.carrierId) &&
        (!entry.sanctionReference || entry.sanctionReference === hit.entryId) &&
        matchesParty(subject),
    )?.entry;
  }
}
