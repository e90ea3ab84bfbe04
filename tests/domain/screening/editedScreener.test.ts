import { describe, expect, it } from 'vitest';
import {
  EDITED_ENTRIES_MAX,
  EditedScreener,
  editedScreenerSteps,
  SanctionScreener,
  type EntryScreener,
  type SanctionListEntry,
} from '../../../src/domain/screening';
import { runToEnd } from '../../../src/domain/steps';
import { fixtureEntries } from './fixtureList';

/**
 * An edit of a company's own sanction list reaches the next screening without the list indexed again
 * (issue 34, item 5): the kept index screens beside the edited entries until the whole list's own is built.
 */

const own = (entryId: string, name: string, aliases: string[] = []): SanctionListEntry => ({
  entryId,
  listName: 'INTERNAL',
  name,
  aliases,
  matchingMethod: 'Default',
  partyType: 'Entity',
  programs: [],
});

const listed = fixtureEntries();
const names = (screener: EntryScreener, name: string) =>
  screener.screenSubject({ role: 'Shipper', kind: 'name', text: name }).map((hit) => `${hit.entryId} ${hit.score.toFixed(2)}`);

function edit(previous: EntryScreener, entries: readonly SanctionListEntry[]): EditedScreener {
  const edited = runToEnd(editedScreenerSteps(previous, entries));
  if (!edited) throw new Error('the edit was not taken beside the kept index');
  return edited;
}

describe('an edited sanction list', () => {
  const before = [...listed, own('INT-1', 'ORVALDI TRANSIT LLC'), own('INT-2', 'MERIDIAN BLUE SHIPPING')];
  const base = new SanctionScreener(before);
  // One entry renamed, one removed, one added.
  const after = [...listed, own('INT-1', 'KASTELLAN FREIGHT LLC'), own('INT-3', 'PORTAVERDE LOGISTICS', ['PV LOGISTICS'])];

  it('screens the edit at once, the kept index beside the edited entries, as the list indexed anew would', () => {
    const edited = edit(base, after);
    expect(edited.index).toBe(base);
    expect(edited.isWhole).toBe(false);
    const anew = new SanctionScreener(after);
    const probes = [
      'KASTELLAN FREIGHT',
      'ORVALDI TRANSIT LLC',
      'MERIDIAN BLUE SHIPPING',
      'PORTAVERDE LOGISTICS',
      'PV LOGISTICS',
      listed[0].name,
      listed[5].name,
    ];
    for (const probe of probes) expect(names(edited, probe), probe).toEqual(names(anew, probe));
    expect(names(edited, 'KASTELLAN FREIGHT')[0]).toMatch(/^INT-1 /);
    expect(names(edited, 'ORVALDI TRANSIT LLC')).toEqual([]);
    expect(names(edited, 'MERIDIAN BLUE SHIPPING')).toEqual([]);
    expect(edited.entryCount).toBe(anew.entryCount);
  });

  it('compares a later edit with the kept index, never with the edits before it, and lets the kept index go once the whole is built', () => {
    const first = edit(base, after);
    const second = edit(first, [...after, own('INT-4', 'SILVERHOLM AVIATION')]);
    expect(second.index).toBe(base);
    expect(names(second, 'SILVERHOLM AVIATION')[0]).toMatch(/^INT-4 /);
    expect(names(second, 'MERIDIAN BLUE SHIPPING')).toEqual([]);
    const whole = new SanctionScreener([...after, own('INT-4', 'SILVERHOLM AVIATION')]);
    second.replaceWith(whole);
    expect(second.isWhole).toBe(true);
    expect(second.index).toBe(whole);
    expect(edit(second, [...after]).index).toBe(whole);
  });

  it('indexes the whole list again when more than a few entries changed', () => {
    const many = Array.from({ length: EDITED_ENTRIES_MAX + 1 }, (_, at) => own(`INT-B${at}`, `BULK PARTY ${at}`));
    expect(runToEnd(editedScreenerSteps(base, [...before, ...many]))).toBeUndefined();
    // As many removed.
    expect(runToEnd(editedScreenerSteps(new SanctionScreener([...before, ...many]), before))).toBeUndefined();
    expect(runToEnd(editedScreenerSteps(base, [...before, ...many.slice(1)]))).toBeInstanceOf(EditedScreener);
  });

  it('indexes many edited entries in steps, so a server builds them in slices', () => {
    const many = Array.from({ length: 600 }, (_, at) => own(`INT-S${at}`, `SLICED PARTY ${at}`));
    const steps = SanctionScreener.alongsideSteps(base, many);
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses++;
    expect(pauses).toBeGreaterThanOrEqual(many.length / 25 - 1);
    expect(step.value.screenSubject({ role: 'Shipper', kind: 'name', text: 'SLICED PARTY 599' })[0]?.entryId).toBe('INT-S599');
  });
});
