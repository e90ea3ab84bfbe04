export * from './sanctionList';
export { foldText, withoutFormatCharacters } from './textFolding';
export { normaliseName, type NormalisedName } from './nameNormalisation';
export { withoutLegalForms } from './legalForms';
export { jaro, jaroWinkler } from './jaroWinkler';
export {
  compareNames,
  wordSimilarity,
  mayBeAlike,
  WORD_FLOOR,
  LISTED_NAME_WEIGHT,
  REPLACED_WORD_CAP,
  type NameComparison,
  type NameVocabulary,
  type ListedNameShape,
  type WordPairing,
} from './nameSimilarity';
export { canonicalSpelling, consonantSkeleton, joinedSkeleton } from './canonicalSpelling';
export { isGenericWord } from './genericWords';
export { matchWords, editCost, type WordMatch, type WordMatchKind } from './wordMatch';
export { readMatchingValue } from './matchingValues';
export { citationOf, embargoOf, controlledCommodityOf, splitPrograms, SANCTION_PROGRAMS } from './sanctionPrograms';
export { readOfacLegacyCsv, type OfacLegacyFiles, type OfacReadOptions } from './ofacLegacyCsv';
export {
  SanctionScreener,
  COUNTRY_PENALTY,
  DEFAULT_FUZZY_THRESHOLD,
  HIGH_CONFIDENCE_SCORE,
  listedNameShape,
  type ScreenerOptions,
  type ScreeningOutcome,
} from './sanctionScreener';
export { SanctionWhitelist, type WhitelistEntry, type WhitelistContext } from './whitelist';
export {
  buildLabelledSet,
  holdsListedName,
  listedWordSets,
  NEGATIVE_KINDS,
  type LabelledPair,
  type LabelledSetOptions,
  type NegativeKind,
} from './evaluation/labelledSet';
export { scorePairs, precisionRecallCurve, curvePoint, bestThreshold, type CurvePoint, type ScoredPair } from './evaluation/precisionRecall';
export { VARIANT_KINDS, type VariantKind } from './evaluation/nameVariants';
export { waybillSubjects, houseSubjects } from './shipmentSubjects';
export { sanctionEntryFromRow, whitelistEntryFromRow, type RuleListRow } from './ruleListRows';
export { ScreenerSet, type Screening } from './screenerSet';
export { EditedScreener, editedScreenerSteps, EDITED_ENTRIES_MAX, type EntryScreener } from './editedScreener';
export { screeningEntriesOf, screeningEntriesSteps } from './sourceScreening';
