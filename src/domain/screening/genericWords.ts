/**
 * Words that say what trade a company is in, not which company it is: MAHAN AIR and MAHAN
 * AIRLINES are one party, PIONEER MACHINERY and POWER MACHINES are two. Such words weigh little
 * in a name whatever their rarity on the list (the list's own word frequencies see to the
 * commoner ones: see informativeness in sanctionScreener.ts), and the words of one group are
 * interchangeable (AIR, AIRLINES, AIRWAYS; MACHINE, MACHINERY). Legal forms (legalForms.ts) are removed before this.
 */

const GROUPS: string[][] = [
  ['AIR', 'AIRLINE', 'AIRLINES', 'AIRWAYS', 'AIRWAY'],
  ['AVIATION'],
  ['AERO', 'AEROSPACE'],
  ['TRADING', 'TRADE', 'TRADERS', 'TRADER'],
  ['COMMERCIAL', 'COMMERCE'],
  ['INTERNATIONAL', 'INTL', 'INTERNACIONAL', 'INTERNATIONALE'],
  ['GLOBAL'],
  ['WORLDWIDE'],
  ['INDUSTRIES', 'INDUSTRY', 'INDUSTRIAL', 'INDUSTRIAS'],
  ['GROUP', 'GRP', 'GRUPO', 'GROUPE'],
  ['HOLDING', 'HOLDINGS'],
  ['SHIPPING', 'SHIP', 'SHIPS'],
  ['MARINE', 'MARITIME'],
  ['NAVIGATION'],
  ['LINES', 'LINE'],
  ['ENTERPRISE', 'ENTERPRISES'],
  ['EST', 'ESTABLISHMENT'],
  ['SERVICE', 'SERVICES', 'SERVICIOS'],
  ['CHEMICAL', 'CHEMICALS'],
  ['PETROCHEMICAL', 'PETROCHEMICALS'],
  ['MACHINE', 'MACHINES', 'MACHINERY'],
  ['EQUIPMENT'],
  ['ELECTRONIC', 'ELECTRONICS'],
  ['ELECTRICAL', 'ELECTRIC'],
  ['TECHNOLOGY', 'TECHNOLOGIES', 'TECH'],
  ['TECHNICAL'],
  ['ENGINEERING', 'ENGINEERS'],
  ['MANUFACTURING', 'MFG', 'MANUFACTURERS', 'MANUFACTURER'],
  ['PRODUCTION'],
  ['PRODUCTS', 'PRODUCT'],
  ['LOGISTICS'],
  ['FREIGHT'],
  ['CARGO'],
  ['FORWARDING'],
  ['TRANSPORT', 'TRANSPORTATION'],
  ['EXPRESS'],
  ['INVESTMENT', 'INVESTMENTS'],
  ['CAPITAL'],
  ['FINANCE', 'FINANCIAL'],
  ['IMPORT'],
  ['EXPORT'],
  ['IMPEX'],
  ['PHARMA', 'PHARMACEUTICAL', 'PHARMACEUTICALS'],
  ['MEDICAL'],
  ['TEXTILE', 'TEXTILES'],
  ['GARMENT', 'GARMENTS'],
  ['APPAREL'],
  ['FOOD', 'FOODS'],
  ['PART', 'PARTS'],
  ['COMPONENT', 'COMPONENTS'],
  ['SUPPLY', 'SUPPLIES'],
  ['CONSTRUCTION'],
  ['CONTRACTING'],
  ['DEVELOPMENT'],
  ['SOLUTIONS'],
  ['SYSTEM', 'SYSTEMS'],
  ['ENERGY'],
  ['POWER'],
  ['OIL'],
  ['GAS'],
  ['PETROLEUM'],
  ['GENERAL'],
  ['UNITED'],
  ['TELECOM', 'TELECOMMUNICATION', 'TELECOMMUNICATIONS'],
  ['COMMUNICATIONS'],
  ['INSTRUMENT', 'INSTRUMENTS'],
  ['TOOLS'],
  ['AUTO', 'AUTOMOTIVE'],
  ['MOTOR', 'MOTORS'],
  ['SEAFOOD'],
  ['FISHERIES'],
  ['AGENCY', 'AGENCIES'],
  ['BANK', 'BANCO', 'BANQUE'],
  ['CENTER', 'CENTRE'],
  ['METAL', 'METALS'],
  ['STEEL'],
  ['MINING'],
  ['PLASTICS'],
  ['PACKAGING'],
  ['RESOURCES'],
  ['PROJECT', 'PROJECTS'],
  ['CONSULTING', 'CONSULTANTS', 'CONSULTANCY'],
  ['DISTRIBUTION', 'DISTRIBUTORS'],
  ['EXCHANGE'],
  ['PARTNERS'],
  ['SUPPLIERS'],
  ['FURNITURE'],
  ['COSMETICS'],
  ['SOLAR'],
  ['TOYS'],
];

const groupOf = new Map<string, number>();
GROUPS.forEach((group, index) => {
  for (const word of group) groupOf.set(word, index);
});

/** Whether a word names a trade or a kind of business rather than a party. */
export function isGenericWord(word: string): boolean {
  return groupOf.has(word);
}

/** The group of interchangeable generic words a word belongs to, if any. */
export function genericGroupOf(word: string): number | undefined {
  return groupOf.get(word);
}

/** How much a generic word counts, at most, against a word found in one listed name. */
export const GENERIC_INFORMATIVENESS = 0.15;
