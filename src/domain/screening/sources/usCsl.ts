import type { SanctionPartyType } from '../sanctionList';
import { splitPrograms } from '../sanctionPrograms';
import { countryOfCode } from './countryNames';
import { CsvRows } from './csvRows';
import { isoDay, readListDate } from './listDates';
import type { SourceAlias, SourceEntry, SourceFileRole, SourceIdentifier, SourceParser, SourceParseResult, SourcePlace, SourceVessel } from './model';
import { cslIndividualName } from './nameParts';
import { placeFromText } from './ofacRemarks';
import { ProblemList } from './problems';
import { summarise } from './summary';
import { opening, TextInput } from './textInput';

/**
 * The US Consolidated Screening List (trade.gov) as CSV: a header row, then one row per listing of one of the
 * lists it merges (the column `source`: "Entity List (EL) - Bureau of Industry and Security", "Specially Designated
 * Nationals (SDN) - Treasury Department", ...). Columns read: _id (the id), source, entity_number, type, programs,
 * name, title, addresses, start_date, end_date, remarks, alt_names, citizenships, dates_of_birth, nationalities,
 * places_of_birth, ids and the vessel columns. Several values in one cell are separated by "; ". Countries are ISO
 * codes ("KP"); an address ends with its country's code ("Shenyang, CN"); an id is "type, number, country"
 * ("Passport, 836238033, KP"), where statements ("Secondary sanctions risk:, ...") and contact details (website,
 * e-mail, phone) are no ids; the Commerce lists write "; and" inside one address or name list. Read but not kept:
 * federal_register_notice, standard_order, license_requirement, license_policy and the two URLs.
 */

const REQUIRED = ['_id', 'source', 'name'] as const;
const PARTY_TYPES: Readonly<Record<string, SanctionPartyType>> = { individual: 'Individual', entity: 'Entity', vessel: 'Vessel', aircraft: 'Aircraft' };

/** The items of a "; "-separated cell; an item starting "and " goes on the one before (the Commerce lists' "...; and 21 Changsheng Road"). */
function items(cell: string | undefined, joinAnd = false): string[] {
  const result: string[] = [];
  for (const raw of (cell ?? '').split(';')) {
    const item = raw.trim();
    if (!item) continue;
    if (/^and\s/i.test(item)) {
      if (joinAnd && result.length > 0) result[result.length - 1] += `; ${item}`;
      else result.push(item.replace(/^and\s+/i, ''));
    } else result.push(item);
  }
  return result;
}

/** "605 TRAIL LAKE DRIVE, RICHARDSON, TX, 75081, US": the country from the closing code. */
function address(written: string): SourcePlace | undefined {
  const match = /^(?:(.*?),\s*)?([A-Z]{2})$/.exec(written);
  const country = match ? countryOfCode(match[2]) : undefined;
  if (!match || !country?.code) return { text: written };
  return match[1] ? { text: match[1], country } : { country };
}

const NOT_AN_ID = /phone|fax|e-?mail|website|gender/i;

export class UsCslParser implements SourceParser {
  readonly source = 'US_CSL' as const;
  readonly files: readonly SourceFileRole[] = ['list'];
  private readonly text = new TextInput();
  private readonly rows = new CsvRows(
    (cells, line) => this.row(cells, line),
    (reason, line) => this.problems.add({ file: 'list', ...(line ? { line } : {}), reason }),
  );
  private readonly problems = new ProblemList();
  private readonly warnings = new ProblemList();
  private readonly entries: SourceEntry[] = [];
  private readonly ids = new Map<string, number>();
  private columns: ReadonlyMap<string, number> | undefined;
  private width = 0;
  private started = false;
  private stopped = false;
  private ended = false;

  push(chunk: string | Uint8Array, file: SourceFileRole = 'list'): void {
    if (this.ended) throw new Error('The CSL parser has ended: no more pieces');
    if (file !== 'list') throw new Error('The CSL is one file');
    this.feed(this.text.read(chunk));
  }

  end(): SourceParseResult {
    if (this.ended) throw new Error('The CSL parser has ended already');
    this.feed(this.text.end());
    this.ended = true;
    if (!this.stopped) {
      this.rows.end();
      if (!this.started) this.problems.add({ file: 'list', reason: 'the file is empty' });
    }
    if (!this.problems.any && this.entries.length === 0) this.problems.add({ file: 'list', reason: 'the file has a header but no row' });
    if (this.problems.any) return { ok: false, problems: this.problems.list() };
    return { ok: true, entries: this.entries, summary: summarise('US_CSL', this.entries, this.warnings.list()) };
  }

  private feed(text: string): void {
    if (this.stopped) return;
    if (this.text.failure) {
      this.stop(this.text.failure);
      return;
    }
    if (!this.started && text.trim() !== '') {
      this.started = true;
      if (text.trimStart().startsWith('<')) {
        this.stop(`the file is XML ("${opening(text)}"), not the Consolidated Screening List, which is CSV`, 1);
        return;
      }
    }
    this.rows.push(text);
  }

  private stop(reason: string, line?: number): void {
    this.stopped = true;
    this.rows.stop();
    this.problems.add({ file: 'list', ...(line ? { line } : {}), reason });
  }

  private row(cells: string[], line: number): void {
    if (this.stopped) return;
    if (!this.columns) {
      this.header(cells, line);
      return;
    }
    if (cells.length !== this.width) {
      this.problems.add({
        file: 'list',
        line,
        reason: `the row has ${cells.length} values where the header has ${this.width}: the row is cut short or damaged`,
      });
      return;
    }
    const cell = (name: string) => {
      const index = this.columns?.get(name);
      return index === undefined ? '' : (cells[index] ?? '').trim();
    };
    const id = cell('_id');
    if (!id) {
      this.problems.add({ file: 'list', line, reason: 'the row has no _id' });
      return;
    }
    const entryId = `US_CSL-${id}`;
    const before = this.ids.get(id);
    if (before !== undefined) {
      this.problems.add({ file: 'list', line, entry: entryId, reason: `_id ${id} is listed twice (lines ${before} and ${line})` });
      return;
    }
    this.ids.set(id, line);
    const name = cell('name');
    if (!name) {
      this.problems.add({ file: 'list', line, entry: entryId, reason: `the row with _id ${id} has no name` });
      return;
    }
    // A refused file's entries are not kept: only its further problems are looked for.
    if (this.problems.any) return;
    this.entries.push(this.entry(id, name, cell, (reason) => this.warnings.add({ file: 'list', line, entry: entryId, reason })));
  }

  private header(cells: string[], line: number): void {
    const names = cells.map((cell) => cell.trim());
    const missing = REQUIRED.filter((name) => !names.includes(name));
    if (missing.length > 0) {
      this.stop(
        `this is not the Consolidated Screening List: its first line must be the header (_id,source,entity_number,type,programs,name,...), and it lacks ${missing.join(', ')} (it starts "${opening(names.join(','))}")`,
        line,
      );
      return;
    }
    this.columns = new Map(names.map((name, index) => [name, index]));
    this.width = cells.length;
  }

  private entry(id: string, name: string, cell: (name: string) => string, warn: (reason: string) => void): SourceEntry {
    const type = cell('type');
    const partyType = PARTY_TYPES[type.toLowerCase()];
    if (type && !partyType) warn(`the type "${type}" is none of Individual, Entity, Vessel, Aircraft: left out`);
    const individual = partyType === 'Individual';
    const aliases = items(cell('alt_names')).map(
      (alias): SourceAlias => ({ ...(individual ? cslIndividualName(alias) : { full: alias }), quality: 'strong', kind: 'aka' }),
    );
    const datesOfBirth = items(cell('dates_of_birth')).flatMap((written) => {
      const date = readListDate(written);
      if (!date) warn(`the date of birth "${written}" cannot be read: left out`);
      return date ?? [];
    });
    let gender: 'Male' | 'Female' | undefined;
    const identifiers: SourceIdentifier[] = [];
    for (const item of items(cell('ids'))) {
      const [kind, ...rest] = item.split(/,\s*/);
      if (kind === 'Gender' && (rest[0] === 'Male' || rest[0] === 'Female')) gender = rest[0];
      // "Secondary sanctions risk:, ..." and "... Determination -, Subject to ..." are statements, not ids.
      else if (rest.length > 0 && !/[:-]$/.test(kind) && !NOT_AN_ID.test(kind)) {
        const country = rest.length > 1 ? countryOfCode(rest[rest.length - 1]) : undefined;
        const number = (country?.code ? rest.slice(0, -1) : rest).join(', ');
        if (number) identifiers.push({ type: kind, number, ...(country?.code ? { country } : {}) });
      }
    }
    const vessel: SourceVessel = {};
    const callSign = cell('call_sign');
    const vesselType = cell('vessel_type');
    const tonnage = cell('gross_tonnage');
    const grt = cell('gross_registered_tonnage');
    const flag = countryOfCode(cell('vessel_flag'));
    const owner = cell('vessel_owner');
    if (callSign) vessel.callSign = callSign;
    if (vesselType) vessel.vesselType = vesselType;
    if (tonnage) vessel.tonnage = tonnage;
    if (grt) vessel.grossRegisteredTonnage = grt;
    if (flag) vessel.flag = flag;
    if (owner) vessel.owner = owner;
    const entityNumber = cell('entity_number');
    const sourceList = cell('source');
    const title = cell('title');
    const listedOn = isoDay(cell('start_date'));
    const endsOn = isoDay(cell('end_date'));
    const remarks = cell('remarks');
    return {
      source: 'US_CSL',
      entryId: `US_CSL-${id}`,
      listId: id,
      ...(entityNumber ? { recordId: entityNumber } : {}),
      ...(partyType ? { partyType } : {}),
      name: individual ? cslIndividualName(name) : { full: name },
      aliases,
      programs: splitPrograms(cell('programs')),
      ...(sourceList ? { sourceList } : {}),
      nationalities: items(cell('nationalities')).flatMap((code) => countryOfCode(code) ?? []),
      citizenships: items(cell('citizenships')).flatMap((code) => countryOfCode(code) ?? []),
      datesOfBirth,
      placesOfBirth: items(cell('places_of_birth')).flatMap((written) => placeFromText(written) ?? []),
      addresses: items(cell('addresses'), true).flatMap((written) => address(written) ?? []),
      identifiers,
      ...(gender ? { gender } : {}),
      titles: title ? [title] : [],
      linkedTo: [],
      ...(Object.keys(vessel).length > 0 ? { vessel } : {}),
      ...(listedOn ? { listedOn } : {}),
      ...(endsOn ? { endsOn } : {}),
      ...(remarks ? { remarks } : {}),
    };
  }
}
