import type { MatchingMethod } from '../wildcard';

/** The sanction list as screening sees it, and what screening finds. */

export type RiskLevel = 'High' | 'Medium' | 'Low';
export const RISK_LEVELS: readonly RiskLevel[] = ['High', 'Medium', 'Low'];

export type SanctionPartyType = 'Entity' | 'Individual' | 'Vessel' | 'Aircraft';

export interface SanctionAddress {
  street?: string;
  city?: string;
  country?: string;
}

/** One entry of a sanction list: a listed party with its names. Names are matching values (wildcards allowed, `!` escapes). */
export interface SanctionListEntry {
  /** The entry's reference, e.g. SDN-36. */
  entryId: string;
  /** SDN, EU, UN, UK, INTERNAL ... */
  listName: string;
  name: string;
  /** Alternative names (a.k.a., f.k.a., n.k.a.). */
  aliases: string[];
  matchingMethod: MatchingMethod;
  partyType: SanctionPartyType;
  /** Sanctions programs, e.g. ['SDGT', 'IFSR']. */
  programs: string[];
  countryCode?: string;
  /** When not given: High for official lists, Medium for a company's own entries. */
  riskLevel?: RiskLevel;
  addresses?: SanctionAddress[];
  remarks?: string;
}

/** Where a screened text comes from on the shipment. */
export type ScreenedRole = 'Shipper' | 'Consignee' | 'Notify' | 'Agent' | 'Goods';
export type ScreenedKind = 'name' | 'address' | 'goods';

export interface ScreeningSubject {
  role: ScreenedRole;
  kind: ScreenedKind;
  text: string;
  /** The party's country, for whitelist entries bound to a country. */
  countryCode?: string;
}

export interface EmbargoData {
  countryCode: string;
  region?: string;
  exportEmbargo: boolean;
  importEmbargo: boolean;
  authority: string;
}

export interface ControlledCommodityData {
  description: string;
  authority: string;
}

/** Why a name hit: for fuzzy hits, which words matched which and how, and the score. */
export interface HitExplanation {
  /** fuzzy: alike word by word (Default on names); exact, keyword, wildcard: the whole listed name as such. */
  how: 'fuzzy' | 'exact' | 'keyword' | 'wildcard';
  score: number;
  /** The words paired: a listed word (or words joined) and the screened word(s) it was found as, how, and how alike. */
  words: {
    listed: string;
    screened: string;
    how: 'exact' | 'spelling' | 'synonym' | 'phonetic' | 'typo' | 'typos' | 'joined' | 'initial';
    similarity: number;
  }[];
  /** Listed words not found on the shipment. */
  missing: string[];
  /** Screened words not in the listed name. */
  extra: string[];
  /** A distinctive listed word replaced by another (the score is capped). */
  replaced?: { listed: string; screened: string };
  /** The party's country is not the listed one's: the score was lowered by `lowered` (never below the threshold). */
  country?: { party: string; listed: string; lowered: number };
  /** One line for people: "AIRLINES ~ AIR (synonym 0.95), MAHAN = MAHAN (exact); score 0.9913". */
  summary: string;
}

export interface SanctionHit {
  role: ScreenedRole;
  kind: ScreenedKind;
  /** The screened text as it stands on the shipment. */
  screenedText: string;
  riskLevel: RiskLevel;
  /** The listed name or alias that matched, as listed. */
  matchedPhrase: string;
  method: MatchingMethod;
  /** 1 for exact, keyword and wildcard matches; the similarity for Default (fuzzy) ones. */
  score: number;
  listName: string;
  entryId: string;
  /** The entry's primary name. */
  entryName: string;
  partyType: SanctionPartyType;
  programs: string[];
  /** The legal basis, e.g. "CUBA: Cuban Assets Control Regulations, 31 CFR part 515". */
  citation: string;
  embargo?: EmbargoData;
  controlledCommodity?: ControlledCommodityData;
  /** Why the name hit (kept with the hit; see HitExplanation). */
  explanation?: HitExplanation;
  /** The entry's other names as listed (at most 20). */
  entryAliases?: string[];
  /** The version of the official source the entry was found in (issue 34); absent for the company's own rows. */
  sourceVersion?: HitSourceVersion;
}

/** A version of an official sanctions source, as a hit names it. */
export interface HitSourceVersion {
  versionId: string;
  /** When the list was published (ISO), when known. */
  publishedAt: string | null;
  importedAt: string;
}
