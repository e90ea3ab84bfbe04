export * from './model';
export { createSourceParser, parseSourceFiles, parseSourceFilesSteps, PIECE_SIZE } from './sourceParser';
export { OfacLegacyParser, type OfacSourceId } from './ofacLegacy';
export { UnXmlParser } from './unXml';
export { UsCslParser } from './usCsl';
export { readOfacRemarks, type OfacRemarkFacts } from './ofacRemarks';
export { readListDate } from './listDates';
export { countryOf, countryCodeOfName } from './countryNames';
