import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INDEX_FILE, ONTOLOGY_DIRECTORY, ontologyIndex } from '../../../scripts/oneRecordOntology';
import { isLogisticsObjectClass, isUnknownCode, mostSpecific, propertyOf, singleValuedOf } from '../../../src/domain/oneRecord/ontology';

/** The server's index of the pinned ontologies (what it checks partners' objects against) is the one they give. */

const CARGO = 'https://onerecord.iata.org/ns/cargo#';

describe('the ONE Record ontology index', () => {
  it('is the index the pinned ontologies give (run `npm run onerecord-ontology` after they change)', () => {
    expect(JSON.parse(readFileSync(INDEX_FILE, 'utf8'))).toEqual(ontologyIndex(ONTOLOGY_DIRECTORY));
  });

  it('answers what the readers ask of it', () => {
    expect(isLogisticsObjectClass(`${CARGO}Piece`)).toBe(true);
    expect(isLogisticsObjectClass(`${CARGO}Value`)).toBe(false);
    expect(mostSpecific([`${CARGO}LogisticsObject`, `${CARGO}Organization`, `${CARGO}Company`])).toBe(`${CARGO}Company`);
    expect(propertyOf(`${CARGO}coload`)).toEqual({ kind: 'datatype', range: 'http://www.w3.org/2001/XMLSchema#boolean' });
    expect(propertyOf(`${CARGO}grossWeight`)).toEqual({ kind: 'object', range: `${CARGO}Value` });
    expect(propertyOf(`${CARGO}colour`)).toBeUndefined();
    expect(singleValuedOf([`${CARGO}Piece`]).has(`${CARGO}goodsDescription`)).toBe(true);
    expect(singleValuedOf([`${CARGO}Piece`]).has(`${CARGO}specialHandlingCodes`)).toBe(false);
    expect(isUnknownCode('https://onerecord.iata.org/ns/code-lists/SpecialHandlingCode#VAL')).toBe(false);
    expect(isUnknownCode('https://onerecord.iata.org/ns/code-lists/SpecialHandlingCode#NOPE')).toBe(true);
  });
});
