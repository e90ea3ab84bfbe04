import { beforeAll, describe, expect, it } from 'vitest';
import { readOfacLegacyCsv, SanctionScreener, screeningEntriesOf } from '../../../src/domain/screening';
import { parseSourceFiles } from '../../../src/domain/screening/sources';
import { SAMPLES, text } from './sources/samples';

/**
 * Matching by name parts (issue 34, item 4), on the whole SDN list of 2019 (7,379 entries) and the real samples: a
 * person's given names written as initials pair with them, given names alone never make a hit, and a weak alias hits
 * on its exact whole name only.
 */

let sdn: SanctionScreener;

beforeAll(() => {
  const files = SAMPLES.sdn2019();
  sdn = new SanctionScreener(readOfacLegacyCsv({ sdn: text(files.primary), alt: text(files.alt), add: text(files.add) }));
});

const hits = (screener: SanctionScreener, name: string) => screener.search(name, { minScore: screener.threshold }).map((hit) => hit.entryId);

describe('initials', () => {
  it('pairs initials with the given names they stand for: H. F. RAMIREZ GARCIA is RAMIREZ GARCIA, Hernan Felipe', () => {
    const [hit] = sdn.search('H. F. RAMIREZ GARCIA', { minScore: sdn.threshold });
    expect(hit).toMatchObject({ entryId: 'SDN-10435', entryName: 'RAMIREZ GARCIA, Hernan Felipe' });
    expect(hit.explanation?.words).toContainEqual({ listed: 'HERNAN FELIPE', screened: 'HF', how: 'initial', similarity: 0.9 });
    // The other RAMIREZ GARCIA of the list (Freyner Alfonso) has other initials.
    expect(hits(sdn, 'H. F. RAMIREZ GARCIA')).not.toContain('SDN-17029');
  });

  it('pairs one initial beside a given name written out: K. Chun KIM is KIM, Kwang Chun', () => {
    expect(hits(sdn, 'K. Chun KIM')).toContain('SDN-17617');
    expect(hits(sdn, 'K. CHUN KIM')[0]).toBe('SDN-17617');
  });

  it('pairs an initial the listed name writes too with that, leaving the given name to be written out with a typo', () => {
    // ALBOST, Meshal Saad M: the shipment's M paired with MESHAL made MPSHAL another name (0.75).
    const comparison = sdn.compareWithListed('ALBOST, Meshal Saad M', 'Individual', 'ALBOST, MPSHAL SAAD M');
    expect(comparison.score).toBeGreaterThanOrEqual(sdn.threshold);
    expect(comparison.pairs).toContainEqual(expect.objectContaining({ listed: 'M', screened: 'M', how: 'exact' }));
    expect(sdn.compareWithListed('ALMADANI, Mustafa Mohammed M.', 'Individual', 'ALMADANI, MUSTAFA MOHAMMDE M.').score).toBeGreaterThanOrEqual(sdn.threshold);
    // An initial for a given name not written out still pairs with it, though the listed name ends with that letter.
    expect(sdn.compareWithListed('ALMADANI, Mustafa Mohammed M.', 'Individual', 'M. ALMADANI').score).toBeGreaterThanOrEqual(sdn.threshold);
    expect(sdn.compareWithListed('ALBOST, Meshal Saad M', 'Individual', 'M. S. ALBOST').score).toBeGreaterThanOrEqual(sdn.threshold);
  });

  it('never pairs an initial with other letters, nor with the surname', () => {
    expect(hits(sdn, 'J. RAMIREZ GARCIA')).not.toContain('SDN-10435');
    expect(hits(sdn, 'Hernan Felipe R. G.')).not.toContain('SDN-10435');
  });
});

describe('given names alone', () => {
  it('make no hit, however exactly they are written', () => {
    expect(hits(sdn, 'HERNAN FELIPE')).not.toContain('SDN-10435');
    expect(hits(sdn, 'Kwang Chun')).not.toContain('SDN-17617');
    // A short surname left out: LI, Fangwei scored 0.87 on the given name alone.
    expect(sdn.compareWithListed('LI, Fangwei', 'Individual', 'FANGWEI').score).toBeLessThan(sdn.threshold);
    expect(hits(sdn, 'FANGWEI')).not.toContain('SDN-11447');
    expect(hits(sdn, 'Fangwei LI')).toContain('SDN-11447');
    // With the surname they do.
    expect(hits(sdn, 'Hernan Felipe RAMIREZ GARCIA')).toContain('SDN-10435');
  });

  it('make no hit through a given name written as listed and paired with a surname like it', () => {
    // HUSSEIN, Sheikh Hassaan (an a.k.a. of SDN-12824): HASSAAN is the given name, not a spelling of HUSSEIN (it scored 0.87).
    expect(sdn.compareWithListed('HUSSEIN, Sheikh Hassaan', 'Individual', 'SHEIKH HASSAAN').score).toBeLessThan(sdn.threshold);
    expect(hits(sdn, 'SHEIKH HASSAAN')).not.toContain('SDN-12824');
    expect(hits(sdn, 'Sheikh Hassaan HUSSEIN')).toContain('SDN-12824');
    expect(hits(sdn, 'Sheikh Hassaan HUSEIN')).toContain('SDN-12824');
    // A given name written twice, once for itself and once for a surname like it, is both.
    expect(sdn.compareWithListed('MOHAMMED, Mohamed Ahmed', 'Individual', 'MOHAMED AHMED MOHAMED').score).toBeGreaterThanOrEqual(sdn.threshold);
    expect(sdn.compareWithListed('HUSSEIN, Husain Ali', 'Individual', 'HUSAIN ALI HUSAIN').score).toBeGreaterThanOrEqual(sdn.threshold);
    // A surname written as one of the given names is still the surname where it is the surname as written.
    expect(sdn.compareWithListed('ALI, Hassan Ali', 'Individual', 'HASSAN ALI').score).toBeGreaterThanOrEqual(sdn.threshold);
  });
});

describe('weak aliases', () => {
  it("hit on their exact whole name only: OFAC's a.k.a. 'BURTON BURGESS' of LOGAN MOREY, Elvis Angus", () => {
    const parsed = parseSourceFiles('OFAC_SDN', SAMPLES.sdn2025());
    if (!parsed.ok) throw new Error('the sample must read');
    const screener = new SanctionScreener(screeningEntriesOf(parsed.entries));
    expect(hits(screener, 'Burton Burgess')).toEqual(['OFAC_SDN-10278']);
    expect(hits(screener, 'BURTON BURGES')).toEqual([]);
    expect(hits(screener, 'BURGESS BURTON LTD')).toEqual([]);
    // The primary name is matched as names are.
    expect(hits(screener, 'Elvis A. LOGAN MOREY')).toEqual(['OFAC_SDN-10278']);
  });
});
