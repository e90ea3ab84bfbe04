import { describe, expect, it } from 'vitest';
import { MAX_PROBLEMS, type SourceParseResult } from '../../../../src/domain/screening/sources';
import { feed, fixture, SAMPLES } from './samples';

/** The problems of a refused file. */
function problems(result: SourceParseResult) {
  if (result.ok) throw new Error(`accepted ${result.summary.entries} entries`);
  return result.problems;
}

const bytes = (content: string) => new TextEncoder().encode(content);
const OFAC_ROW = '36,"AEROCARIBBEAN AIRLINES",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n';

describe('a file of the wrong format is refused whole, saying what it is', () => {
  const un = SAMPLES.un().list!;
  const csl = SAMPLES.csl().list!;
  const ofac = SAMPLES.sdn2025();

  it("the UN's XML or the CSL given as OFAC's CSV", () => {
    expect(problems(feed('OFAC_SDN', { primary: un }))).toEqual([
      {
        file: 'primary',
        line: 1,
        reason: `the file is XML ("<?xml version='1.0' encoding='UTF-8'?>\n<..."), not OFAC's primary file (sdn.csv, cons_prim.csv), which is CSV`,
      },
    ]);
    expect(problems(feed('OFAC_SDN', { primary: csl }))).toEqual([
      {
        file: 'primary',
        line: 1,
        reason: "this is not OFAC's primary file (sdn.csv, cons_prim.csv): its first row has 29 values, not 12 (the file has no header row)",
      },
    ]);
  });

  it("one of OFAC's files given as another", () => {
    expect(problems(feed('OFAC_CONS', { primary: ofac.alt }))).toEqual([
      {
        file: 'primary',
        line: 1,
        reason: "this is not OFAC's primary file (sdn.csv, cons_prim.csv): its first row has 5 values, not 12 (the file has no header row)",
      },
    ]);
    expect(problems(feed('OFAC_SDN', { primary: ofac.primary, alt: ofac.add }))).toEqual([
      { file: 'alt', line: 1, reason: "this is not OFAC's alias file (alt.csv, cons_alt.csv): its first row has 6 values, not 5 (the file has no header row)" },
    ]);
  });

  it('a CSV given as the UN list, or an XML of another list', () => {
    expect(problems(feed('UN', { list: ofac.primary }))).toEqual([
      {
        file: 'list',
        line: 1,
        reason:
          'the file is not XML (it starts "10278,"LOGAN MOREY, Elvis Angus","indivi..."): the UN list is an XML file whose root element is <CONSOLIDATED_LIST>',
      },
    ]);
    expect(problems(feed('UN', { list: csl }))[0].reason).toMatch(/^the file is not XML \(it starts "_id,source,/);
    expect(problems(feed('UN', { list: fixture('synthetic-un-wrong-root.xml') }))).toEqual([
      {
        file: 'list',
        line: 2,
        reason: "the XML's root element is <sdnList>, the UN list's is <CONSOLIDATED_LIST>: this is not the UN Security Council Consolidated List",
      },
    ]);
  });

  it("OFAC's CSV or the UN's XML given as the CSL", () => {
    expect(problems(feed('US_CSL', { list: ofac.primary }))).toEqual([
      {
        file: 'list',
        line: 1,
        reason:
          'this is not the Consolidated Screening List: its first line must be the header (_id,source,entity_number,type,programs,name,...), and it lacks _id, source, name (it starts "10278,LOGAN MOREY, Elvis Angus,individua...")',
      },
    ]);
    expect(problems(feed('US_CSL', { list: un }))[0].reason).toMatch(/^the file is XML \(.*\), not the Consolidated Screening List, which is CSV$/s);
  });
});

describe('a file cut short is refused', () => {
  it('the UN XML cut anywhere', () => {
    const un = SAMPLES.un().list!;
    expect(problems(feed('UN', { list: un.subarray(0, 100_000) }))).toEqual([
      { file: 'list', line: 2362, reason: 'the file ends inside <COMMENTS1>, before </CONSOLIDATED_LIST>: it is cut short' },
    ]);
    const closing = new TextDecoder().decode(un).lastIndexOf('</CONSOLIDATED_LIST>');
    for (const end of [1, 100, 5_000, 77_777, 200_003, 300_000, closing, closing + 10]) {
      expect(problems(feed('UN', { list: un.subarray(0, end) }))[0].reason).toMatch(/cut short|not well-formed/);
    }
  });

  it("OFAC's CSV whose last row has too few values, or ends inside a quoted value", () => {
    expect(problems(feed('OFAC_SDN', { primary: fixture('synthetic-ofac-sdn-cut-short.csv') }))).toEqual([
      { file: 'primary', line: 3, reason: "the row has 5 values where OFAC's primary file (sdn.csv, cons_prim.csv) has 12: the row is cut short or damaged" },
    ]);
    expect(problems(feed('OFAC_SDN', { primary: fixture('synthetic-ofac-sdn-open-quote.csv') }))).toEqual([
      { file: 'primary', line: 2, reason: 'the file ends inside a quoted value: it is cut short' },
    ]);
  });

  it('the CSL with a row of too few values', () => {
    expect(problems(feed('US_CSL', { list: fixture('synthetic-csl-bad-rows.csv') })).at(-1)).toEqual({
      file: 'list',
      line: 6,
      reason: 'the row has 5 values where the header has 7: the row is cut short or damaged',
    });
  });
});

describe('a file with a bad row is refused with every bad row and why', () => {
  it("OFAC's primary file: an entry number that is no number, an entry without a name, an entry listed twice, a type OFAC has not", () => {
    expect(problems(feed('OFAC_SDN', { primary: fixture('synthetic-ofac-sdn-bad-rows.csv') }))).toEqual([
      { file: 'primary', line: 2, reason: 'the entry number "12A" is not a number' },
      { file: 'primary', line: 3, entry: 'OFAC_SDN-173', reason: 'entry 173 has no name' },
      { file: 'primary', line: 4, entry: 'OFAC_SDN-36', reason: 'entry 36 is listed twice (lines 1 and 4)' },
      {
        file: 'primary',
        line: 5,
        entry: 'OFAC_SDN-306',
        reason: 'entry 306 has the type "bank", which is none of OFAC\'s (individual, vessel, aircraft, or empty for an entity)',
      },
    ]);
  });

  it("OFAC's alias file: an alias listed twice, an alias without a name, a row cut short", () => {
    expect(problems(feed('OFAC_SDN', { primary: SAMPLES.sdn2025().primary, alt: fixture('synthetic-ofac-alt-bad-rows.csv') }))).toEqual([
      { file: 'alt', line: 2, reason: 'alias 12 is listed twice (lines 1 and 2)' },
      { file: 'alt', line: 3, reason: 'alias 13 of entry 173 has no name' },
      { file: 'alt', line: 4, reason: "the row has 3 values where OFAC's alias file (alt.csv, cons_alt.csv) has 5: the row is cut short or damaged" },
    ]);
  });

  it('the UN list: an individual without REFERENCE_NUMBER, a reference listed twice, an entity without a name', () => {
    expect(problems(feed('UN', { list: fixture('synthetic-un-bad-entries.xml') }))).toEqual([
      { file: 'list', line: 11, reason: 'an individual (DATAID 2) has no REFERENCE_NUMBER' },
      { file: 'list', line: 17, entry: 'UN-CDi.001', reason: 'CDi.001 is listed twice (lines 4 and 17)' },
      { file: 'list', line: 26, entry: 'UN-CDe.002', reason: 'CDe.002 has no name (FIRST_NAME is empty)' },
    ]);
  });

  it('the CSL: a row without _id, an _id listed twice, a row without a name', () => {
    expect(problems(feed('US_CSL', { list: fixture('synthetic-csl-bad-rows.csv') })).slice(0, 3)).toEqual([
      { file: 'list', line: 3, reason: 'the row has no _id' },
      { file: 'list', line: 4, entry: 'US_CSL-1', reason: '_id 1 is listed twice (lines 2 and 4)' },
      { file: 'list', line: 5, entry: 'US_CSL-3', reason: 'the row with _id 3 has no name' },
    ]);
  });

  it(`lists the first ${MAX_PROBLEMS} problems of a file and counts the rest`, () => {
    const rows = Array.from({ length: 80 }, (_, index) => `${index + 1},"",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- `).join('\r\n');
    const listed = problems(feed('OFAC_SDN', { primary: bytes(rows) }));
    expect(listed).toHaveLength(MAX_PROBLEMS + 1);
    expect(listed[0]).toEqual({ file: 'primary', line: 1, entry: 'OFAC_SDN-1', reason: 'entry 1 has no name' });
    expect(listed.at(-1)).toEqual({ file: 'primary', reason: 'and 30 more like these' });
  });
});

describe('an empty file, a missing file, a file that is not UTF-8 are refused', () => {
  it('empty files', () => {
    expect(problems(feed('OFAC_SDN', { primary: new Uint8Array() }))).toEqual([
      { file: 'primary', reason: "the file is empty: OFAC's primary file (sdn.csv, cons_prim.csv) lists the entries" },
    ]);
    expect(problems(feed('OFAC_SDN', { primary: bytes('\r\n  \r\n\u001a') }))[0].reason).toMatch(/^the file is empty/);
    expect(problems(feed('UN', { list: new Uint8Array() }))).toEqual([{ file: 'list', reason: 'the file is empty' }]);
    expect(problems(feed('US_CSL', { list: bytes('  \n') }))).toEqual([{ file: 'list', reason: 'the file is empty' }]);
  });

  it('files without entries', () => {
    expect(problems(feed('US_CSL', { list: bytes('_id,source,name\n') }))).toEqual([{ file: 'list', reason: 'the file has a header but no row' }]);
    expect(problems(feed('UN', { list: bytes('<CONSOLIDATED_LIST><INDIVIDUALS/><ENTITIES/></CONSOLIDATED_LIST>') }))).toEqual([
      { file: 'list', reason: 'the list has no INDIVIDUAL and no ENTITY' },
    ]);
  });

  it("OFAC's files without the primary one", () => {
    expect(problems(feed('OFAC_SDN', { alt: SAMPLES.sdn2025().alt }))).toEqual([
      { file: 'primary', reason: "OFAC's primary file (sdn.csv, cons_prim.csv) is missing: it lists the entries, the other files only add to them" },
    ]);
  });

  it('bytes that are not UTF-8, or a character cut at the end of the file', () => {
    const latin1 = new Uint8Array([...bytes('36,"CAF'), 0xc9, ...bytes(OFAC_ROW.slice(10))]);
    expect(problems(feed('OFAC_SDN', { primary: latin1 }))).toEqual([
      { file: 'primary', reason: 'the file is not UTF-8 text: it is in another encoding, or it is not a text file' },
    ]);
    const cut = bytes('<CONSOLIDATED_LIST><INDIVIDUALS><INDIVIDUAL><REFERENCE_NUMBER>X</REFERENCE_NUMBER><FIRST_NAME>GÉ');
    expect(problems(feed('UN', { list: cut.subarray(0, cut.length - 1) }))[0].reason).toBe('the file is not UTF-8 text: it ends inside a character');
  });

  it('an empty optional file of OFAC is only a warning', () => {
    const result = feed('OFAC_SDN', { primary: bytes(OFAC_ROW), alt: new Uint8Array() });
    expect(result.ok && result.summary.warnings).toEqual([{ file: 'alt', reason: 'the file is empty' }]);
  });
});
