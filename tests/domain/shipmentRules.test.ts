import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addSearchTag, checkDigitMismatches, searchTagsProblem, splitSearchText } from '../../src/domain/awbSearch';
import { dateRangeProblem, utcDateTime } from '../../src/domain/dateRange';
import { remarkProblem, freeRemarkProblem } from '../../src/domain/remark';
import {
  acceptDocumentRefusal,
  acceptRefusal,
  markRefusal,
  modifyRefusal,
  rejectRefusal,
  sendRefusal,
  SHIPMENT_STATUSES,
  type DecisionFacts,
} from '../../src/domain/shipmentStatus';
import { CompanyType } from '../../src/domain/access';
import { parseSpecialHandlingCodes, specialHandlingCodesProblem } from '../../src/domain/specialHandling';
import { compactUpdateDt, parseCompactUpdateDt } from '../../src/domain/updateDt';
import { shareEmailListProblem, shareOptionsProblem } from '../../src/domain/shareRequest';
import { isPouchArchived, looksLikePdf, pouchKindOf } from '../../src/domain/shipmentDocuments';
import { neutraliseCsvCell } from '../../src/domain/csvCell';

describe('AWB search tags (spec 5)', () => {
  it('gives the spec messages for empty, invalid, duplicate and a sixth tag', () => {
    expect(addSearchTag([], '  ')).toMatchObject({ ok: false, message: 'Search text is empty.' });
    expect(addSearchTag([], '16-12345675')).toMatchObject({ ok: false, message: 'Please enter AWB number in valid format.' });
    const first = addSearchTag([], '160-12345675');
    expect(first).toMatchObject({ ok: true, awb: { prefix: '160', suffix: '12345675' }, checkDigitValid: true });
    if (!first.ok) throw new Error('unreachable');
    expect(addSearchTag(first.tags, '16012345675')).toMatchObject({ ok: false, message: 'Search text already exists in search text.' });
    let tags = first.tags;
    for (const text of ['160-00000011', '160-00000022', '160-00000033', '160-00000044']) {
      const result = addSearchTag(tags, text);
      if (!result.ok) throw new Error(result.message);
      tags = result.tags;
    }
    expect(tags).toHaveLength(5);
    expect(addSearchTag(tags, '297-00000055')).toMatchObject({ ok: false, message: 'Only 5 input tag allowed.' });
  });

  it('accepts an AWB whose check digit does not match, and flags it', () => {
    const result = addSearchTag([], '160-12345670');
    expect(result).toMatchObject({ ok: true, checkDigitValid: false });
    expect(
      checkDigitMismatches([
        { prefix: '160', suffix: '12345670' },
        { prefix: '160', suffix: '12345675' },
      ]),
    ).toEqual(['160-12345670']);
  });

  it('checks a whole fieldSearch the same way and splits pasted text', () => {
    expect(searchTagsProblem([{ AWBPrefix: '160', AWBSuffix: '12345675' }])).toBeUndefined();
    expect(
      searchTagsProblem([
        { AWBPrefix: '160', AWBSuffix: '12345675' },
        { AWBPrefix: '160', AWBSuffix: '12345675' },
      ]),
    ).toMatchObject({ problem: 'searchDuplicate' });
    expect(searchTagsProblem([{ AWBPrefix: '16A', AWBSuffix: '12345675' }])).toMatchObject({ problem: 'awbFormat' });
    expect(splitSearchText('160-12345675, 29712345686\n618-00000011;')).toEqual(['160-12345675', '29712345686', '618-00000011']);
    // A prefix and a serial number apart, as printed on air waybills, are one number; anything else stays apart.
    expect(splitSearchText('160 10000174  297 12345686')).toEqual(['160-10000174', '297-12345686']);
    expect(splitSearchText('1600 10000174 160 1000017 160,10000174')).toEqual(['1600', '10000174', '160', '1000017', '160', '10000174']);
  });

  it('never lets more than 5 distinct valid tags in, whatever is typed', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 99_999_999 })), { maxLength: 12 }), (numbers) => {
        let tags: { prefix: string; suffix: string }[] = [];
        for (const [prefix, suffix] of numbers) {
          const result = addSearchTag(tags, `${String(prefix).padStart(3, '0')}-${String(suffix).padStart(8, '0')}`);
          if (result.ok) tags = result.tags;
        }
        return tags.length <= 5 && new Set(tags.map((tag) => tag.prefix + tag.suffix)).size === tags.length;
      }),
    );
  });
});

describe('remarks, date ranges, special handling codes', () => {
  it('accept remarks are 10 to 5000 characters; optional unless required', () => {
    expect(remarkProblem('', false)).toBeUndefined();
    expect(remarkProblem('', true)).toBe('The remark must be 10 to 5000 characters.');
    expect(remarkProblem('too short', false)).toBe('The remark must be 10 to 5000 characters.');
    expect(remarkProblem('ten chars!', true)).toBeUndefined();
    expect(remarkProblem('x'.repeat(5000), true)).toBeUndefined();
    expect(remarkProblem('x'.repeat(5001), false)).toBe('The remark must be 10 to 5000 characters.');
    // Counted as characters the user sees, not UTF-16 units.
    expect(remarkProblem('😀'.repeat(10), true)).toBeUndefined();
    expect(freeRemarkProblem('x'.repeat(5001))).toBe('The remark may be at most 5000 characters.');
  });

  it('date ranges are within 7 days, inclusive', () => {
    expect(dateRangeProblem('flight date', '2026-11-01', '2026-11-07')).toBeUndefined();
    expect(dateRangeProblem('flight date', '2026-11-01', '2026-11-08')).toBe('The flight date range must be within 7 days.');
    expect(dateRangeProblem('STD', '2026-11-08', '2026-11-01')).toBe('The STD "from" date must not be after the "to" date.');
    expect(dateRangeProblem('STD', '2026-02-30', undefined)).toBe('The STD must be a date (YYYY-MM-DD).');
    expect(dateRangeProblem('STD', '2026-11-08', undefined)).toBeUndefined();
    expect(dateRangeProblem('STD', '2026-12-29', '2027-01-04')).toBeUndefined();
  });

  it('a moment reads YYYY-MM-DD HH:mm UTC on every screen, whatever zone it came in', () => {
    expect(utcDateTime('2026-11-25T22:50:44.123Z')).toBe('2026-11-25 22:50 UTC');
    expect(utcDateTime('2026-11-26T00:50:44+02:00')).toBe('2026-11-25 22:50 UTC');
    expect(utcDateTime('2026-11-25T22:50:44')).toBe('2026-11-25 22:50 UTC'); // no zone: the wire's UTC
    expect(utcDateTime('2026-11-25 22:50:44')).toBe('2026-11-25 22:50 UTC'); // a space for the T, read the same (not as local time)
    expect(utcDateTime(new Date(Date.UTC(2026, 10, 25, 7, 5, 9)), { seconds: true })).toBe('2026-11-25 07:05:09 UTC');
    expect(utcDateTime('2026-11-25T22:50:44Z', { zone: false })).toBe('2026-11-25 22:50'); // under a '(UTC)' header
    expect(utcDateTime(null)).toBe('');
    expect(utcDateTime('')).toBe('');
    expect(utcDateTime('soon')).toBe('soon');
  });

  it('special handling codes: at most 9 three-letter codes separated by a slash', () => {
    expect(parseSpecialHandlingCodes(' eap/ELI//eap ')).toEqual(['EAP', 'ELI']);
    expect(specialHandlingCodesProblem(['EAP', 'ELI'])).toBeUndefined();
    expect(specialHandlingCodesProblem(parseSpecialHandlingCodes('AAA/BBB/CCC/DDD/EEE/FFF/GGG/HHH/III/JJJ'))).toMatch(/at most 9/);
    expect(specialHandlingCodesProblem(['EA1'])).toMatch(/3 letters/);
  });
});

describe('UpdateDT on the wire', () => {
  it('compacts by removing colons, dashes and spaces, and parses back', () => {
    expect(compactUpdateDt('2026-11-22T10:15:30.123Z')).toBe('20261122T101530.123Z');
    expect(parseCompactUpdateDt('20261122T101530.123Z')).toBe('2026-11-22T10:15:30.123Z');
    expect(parseCompactUpdateDt('20261322T101530.123Z')).toBeUndefined();
    expect(parseCompactUpdateDt('2026-11-22T10:15:30.123Z')).toBeUndefined();
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (date) => parseCompactUpdateDt(compactUpdateDt(date.toISOString())) === date.toISOString(),
      ),
    );
  });
});

describe('decisions', () => {
  const facts = (overrides: Partial<DecisionFacts> = {}): DecisionFacts => ({
    status: 'New',
    companyId: 'DEMOAIR',
    companyTypeId: 1,
    block: null,
    eyeballChecked: false,
    openSanctionHits: 0,
    ...overrides,
  });

  it('accept: open statuses only, eyeball checked first, hard block forbids, soft block needs a remark', () => {
    expect(acceptRefusal(facts(), 'NORMAL', false)).toBeUndefined();
    expect(acceptRefusal(facts({ status: 'Processing' }), 'NORMAL', false)?.reason).toBe('processing');
    expect(acceptRefusal(facts({ status: 'Error' }), 'NORMAL', false)?.reason).toBe('dataErrors');
    expect(acceptRefusal(facts({ status: 'Accept' }), 'NORMAL', false)?.reason).toBe('notOpen');
    expect(acceptRefusal(facts({ status: 'Eyeball' }), 'NORMAL', false)?.reason).toBe('eyeballCheckRequired');
    expect(acceptRefusal(facts({ status: 'Eyeball', eyeballChecked: true }), 'NORMAL', false)).toBeUndefined();
    expect(acceptRefusal(facts({ companyTypeId: 2 }), 'NORMAL', false)?.reason).toBe('companyCannotDecide');
    const hard = { kind: 'HARD' as const, reason: 'Embargo', companies: [] };
    expect(acceptRefusal(facts({ block: hard }), 'SOFT_BLOCK', true)?.message).toBe('Acceptance of this shipment is blocked for your company: Embargo');
    // A hard block for other participants does not apply.
    expect(acceptRefusal(facts({ block: { ...hard, companies: ['DEMOGHA'] } }), 'NORMAL', false)).toBeUndefined();
    const soft = { kind: 'SOFT' as const, reason: 'Watch list', companies: [] };
    expect(acceptRefusal(facts({ block: soft }), 'NORMAL', true)?.reason).toBe('softBlockRemarkRequired');
    expect(acceptRefusal(facts({ block: soft }), 'SOFT_BLOCK', false)?.reason).toBe('softBlockRemarkRequired');
    expect(acceptRefusal(facts({ block: soft }), 'SOFT_BLOCK', true)).toBeUndefined();
  });

  it('accept: an open sanction hit refuses even a checked shipment; acceptance privilege limits who, and how', () => {
    expect(acceptRefusal(facts({ status: 'Eyeball', eyeballChecked: true, openSanctionHits: 2 }), 'NORMAL', true)?.message).toBe(
      'This shipment has 2 open sanction hit(s): they must be decided in the sanction tab before it can be accepted.',
    );
    const privilege = { allowed: true, remarkRequired: false, mayOverrideSoftBlock: false, carrier: 'DEMOAIR', station: 'HKG' };
    expect(acceptRefusal(facts({ companyTypeId: 3, privilege: { ...privilege, allowed: false } }), 'NORMAL', true)?.message).toBe(
      'Your company has no acceptance privilege for DEMOAIR at HKG.',
    );
    expect(acceptRefusal(facts({ companyTypeId: 3, privilege }), 'NORMAL', false)).toBeUndefined();
    expect(acceptRefusal(facts({ companyTypeId: 3, privilege: { ...privilege, remarkRequired: true } }), 'NORMAL', false)?.reason).toBe(
      'privilegeRemarkRequired',
    );
    const soft = { kind: 'SOFT' as const, reason: 'Watch list', companies: [] };
    expect(acceptRefusal(facts({ companyTypeId: 3, privilege, block: soft }), 'SOFT_BLOCK', true)?.reason).toBe('softBlockNotPrivileged');
    expect(
      acceptRefusal(facts({ companyTypeId: 3, privilege: { ...privilege, mayOverrideSoftBlock: true }, block: soft }), 'SOFT_BLOCK', true),
    ).toBeUndefined();
  });

  it('reject: New, Eyeball and Error', () => {
    expect(rejectRefusal(facts({ status: 'Error' }))).toBeUndefined();
    expect(rejectRefusal(facts({ status: 'Reject' }))?.reason).toBe('notOpen');
    expect(rejectRefusal(facts({ status: 'Processing' }))?.reason).toBe('processing');
  });
});

describe('sharing and documents', () => {
  it('e-mail lists: valid, comma separated, at most 200 characters, no header injection', () => {
    expect(shareEmailListProblem('a@example.com, b@example.org')).toBeUndefined();
    expect(shareEmailListProblem('a@example.com\r\nBcc: victim@example.com')).toBe('The e-mail list may not contain line breaks or control characters.');
    expect(shareEmailListProblem('a@example.com\n')).toBe('The e-mail list may not contain line breaks or control characters.');
    expect(shareEmailListProblem('a@example.com; b@example.com')).toMatch(/not a valid e-mail address/);
    expect(shareEmailListProblem(`${'a'.repeat(190)}@example.com`)).toMatch(/at most 200/);
    expect(shareEmailListProblem('')).toBe('Please fill in this field.');
    expect(shareOptionsProblem([])).toBe('* Please select share information');
    expect(shareOptionsProblem(['AWB_COPY'])).toBeUndefined();
  });

  it('pouches: archived after 30 days, PDF by its first bytes, the company type picks the pouch', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(isPouchArchived(new Date('2026-10-23T12:00:00Z'), now)).toBe(false);
    expect(isPouchArchived(new Date('2026-10-23T11:59:59Z'), now)).toBe(true);
    expect(looksLikePdf(new TextEncoder().encode('%PDF-1.7'))).toBe(true);
    expect(looksLikePdf(new TextEncoder().encode('<html>'))).toBe(false);
    expect(pouchKindOf(2)).toBe('forwarder');
    expect(pouchKindOf(1)).toBe('airline');
    expect(pouchKindOf(3)).toBe('airline');
  });

  it('CSV cells that start a formula are neutralised', () => {
    for (const cell of ['=SUM(A1)', '+1', '-2', '@cmd', '\t=1']) expect(neutraliseCsvCell(cell)).toBe(`'${cell}`);
    expect(neutraliseCsvCell('160-12345675')).toBe('160-12345675');
    expect(neutraliseCsvCell('')).toBe('');
  });
});

describe('the other changes of a shipment: mark, modify, accept a document, send', () => {
  const reasons = (
    refuse: (facts: { companyTypeId: number; status: (typeof SHIPMENT_STATUSES)[number] }) => { reason: string } | undefined,
    companyTypeId: number,
  ) => Object.fromEntries(SHIPMENT_STATUSES.map((status) => [status, refuse({ companyTypeId, status })?.reason ?? 'ok']));

  it('each allowed from its statuses only, by airlines and ground handlers only', () => {
    expect(reasons(markRefusal, CompanyType.AIRLINE)).toEqual({
      New: 'ok',
      Eyeball: 'ok',
      Error: 'ok',
      Accept: 'notOpen',
      Reject: 'notOpen',
      Submit: 'notOpen',
      Nothing: 'notOpen',
      Processing: 'processing',
    });
    expect(reasons(modifyRefusal, CompanyType.GROUND_HANDLER)).toEqual({
      New: 'ok',
      Eyeball: 'ok',
      Error: 'ok',
      Accept: 'ok',
      Reject: 'ok',
      Submit: 'ok',
      Nothing: 'ok',
      Processing: 'processing',
    });
    expect(reasons(acceptDocumentRefusal, CompanyType.AIRLINE)).toEqual({
      New: 'notDecided',
      Eyeball: 'notDecided',
      Error: 'notDecided',
      Accept: 'ok',
      Reject: 'ok',
      Submit: 'ok',
      Nothing: 'notDecided',
      Processing: 'notDecided',
    });
    expect(reasons(sendRefusal, CompanyType.AIRLINE)).toEqual({
      New: 'notAccepted',
      Eyeball: 'notAccepted',
      Error: 'notAccepted',
      Accept: 'ok',
      Reject: 'notAccepted',
      Submit: 'ok',
      Nothing: 'notAccepted',
      Processing: 'notAccepted',
    });
    for (const refuse of [markRefusal, modifyRefusal, acceptDocumentRefusal, sendRefusal]) {
      expect(refuse({ companyTypeId: CompanyType.FORWARDER, status: 'Accept' })?.reason).toBe('companyCannotDecide');
    }
  });
});
