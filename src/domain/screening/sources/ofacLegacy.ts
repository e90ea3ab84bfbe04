import type { SanctionPartyType } from '../sanctionList';
import { splitPrograms } from '../sanctionPrograms';
import { countryOf } from './countryNames';
import { CsvRows } from './csvRows';
import type { AliasKind, SourceAlias, SourceEntry, SourceFileRole, SourceParser, SourceParseResult, SourceProblem, SourceVessel } from './model';
import { familyCommaGiven } from './nameParts';
import { readOfacRemarks } from './ofacRemarks';
import { ProblemList } from './problems';
import { summarise } from './summary';
import { opening, TextInput } from './textInput';

/**
 * OFAC's legacy CSV set, the same layout for the SDN list (sdn.csv, alt.csv, add.csv, sdn_comments.csv) and the
 * Consolidated non-SDN list (cons_prim.csv, cons_alt.csv, cons_add.csv, cons_comments.csv). No header row; `-0- `
 * stands for an empty value; the files may end with a DOS end-of-file mark (Ctrl-Z).
 * - primary: ent_num, name, type (individual, vessel, aircraft, or empty for an entity), programs ("SDGT] [IFSR"),
 *   title, call sign, vessel type, tonnage, GRT, vessel flag, vessel owner, remarks (read by ofacRemarks.ts);
 * - alt: ent_num, alt_num, alt_type (aka, fka, nka), alt_name, alt_remarks;
 * - add: ent_num, add_num, address, "city, state/province, postal code", country, add_remarks;
 * - comments: ent_num, the remarks' continuation (OFAC cuts remarks at 1,000 characters and goes on here).
 * The primary file is required; the others are joined to it by ent_num, in whatever order they come.
 */
export type OfacSourceId = 'OFAC_SDN' | 'OFAC_CONS';

interface OfacFile {
  role: Exclude<SourceFileRole, 'list'>;
  cells: number;
  /** The file as an administrator knows it. */
  label: string;
}

const FILES: Readonly<Record<OfacFile['role'], OfacFile>> = {
  primary: { role: 'primary', cells: 12, label: "OFAC's primary file (sdn.csv, cons_prim.csv)" },
  alt: { role: 'alt', cells: 5, label: "OFAC's alias file (alt.csv, cons_alt.csv)" },
  add: { role: 'add', cells: 6, label: "OFAC's address file (add.csv, cons_add.csv)" },
  comments: { role: 'comments', cells: 2, label: "OFAC's comments file (sdn_comments.csv, cons_comments.csv)" },
};

const PARTY_TYPES: Readonly<Record<string, SanctionPartyType>> = { '': 'Entity', individual: 'Individual', vessel: 'Vessel', aircraft: 'Aircraft' };
const ALIAS_KINDS: Readonly<Record<string, AliasKind>> = { aka: 'aka', fka: 'fka', nka: 'nka' };

/** OFAC's empty value is `-0- `; the 2019 snapshot's last line ends in a cut "-0". */
function value(cell: string | undefined): string {
  const text = (cell ?? '').trim();
  return text === '-0-' || text === '-0' ? '' : text;
}

const isNumber = (text: string) => /^\d+$/.test(text);

interface FileReader {
  text: TextInput;
  rows: CsvRows;
  /** Characters seen that are not blank. */
  started: boolean;
  stopped: boolean;
}

interface WaitingRow {
  cells: string[];
  line: number;
}

/** Rows of the alt, add and comments files whose entry the primary file has not given yet. */
interface Waiting {
  alt: WaitingRow[];
  add: WaitingRow[];
  comments: WaitingRow[];
}

export class OfacLegacyParser implements SourceParser {
  readonly files: readonly SourceFileRole[] = ['primary', 'alt', 'add', 'comments'];
  private readonly readers = new Map<OfacFile['role'], FileReader>();
  private readonly entries = new Map<string, SourceEntry>();
  /** Line of each entry number, alias number and address number read, to tell a repeated one. */
  private readonly lines = { primary: new Map<string, number>(), alt: new Map<string, number>(), add: new Map<string, number>() };
  private readonly waiting = new Map<string, Waiting>();
  private readonly problems = new ProblemList();
  private readonly warnings = new ProblemList();
  /** Warnings from an entry's remarks, replaced when a comment lengthens them. */
  private readonly remarkWarnings = new Map<string, SourceProblem[]>();
  private ended = false;

  constructor(readonly source: OfacSourceId) {}

  push(chunk: string | Uint8Array, file: SourceFileRole = 'primary'): void {
    if (this.ended) throw new Error('The OFAC parser has ended: no more pieces');
    if (file === 'list') throw new Error("OFAC's legacy CSV has the files primary, alt, add and comments");
    const reader = this.reader(FILES[file]);
    if (reader.stopped) return;
    this.feed(FILES[file], reader, reader.text.read(chunk));
  }

  end(): SourceParseResult {
    if (this.ended) throw new Error('The OFAC parser has ended already');
    for (const role of ['primary', 'alt', 'add', 'comments'] as const) {
      const reader = this.readers.get(role);
      if (!reader) continue;
      if (!reader.stopped) this.feed(FILES[role], reader, reader.text.end());
      if (!reader.stopped) reader.rows.end();
      if (!reader.stopped && !reader.started) {
        if (role === 'primary') this.problems.add({ file: role, reason: `the file is empty: ${FILES.primary.label} lists the entries` });
        else this.warnings.add({ file: role, reason: 'the file is empty' });
      }
    }
    this.ended = true;
    if (!this.readers.has('primary'))
      this.problems.add({ file: 'primary', reason: `${FILES.primary.label} is missing: it lists the entries, the other files only add to them` });
    else if (!this.problems.any && this.entries.size === 0) this.problems.add({ file: 'primary', reason: 'the file lists no entry' });
    if (this.problems.any) return { ok: false, problems: this.problems.list() };
    // In the files' order, whichever order they came in.
    for (const role of ['alt', 'add', 'comments'] as const) {
      const orphans = [...this.waiting].flatMap(([entNum, rows]) => rows[role].map((row) => ({ entNum, line: row.line }))).sort((a, b) => a.line - b.line);
      for (const { entNum, line } of orphans) {
        this.warnings.add({ file: role, line, reason: `the row is for entry ${entNum}, which the primary file does not list: left out` });
      }
    }
    for (const warnings of this.remarkWarnings.values()) for (const warning of warnings) this.warnings.add(warning);
    const entries = [...this.entries.values()];
    return { ok: true, entries, summary: summarise(this.source, entries, this.warnings.list()) };
  }

  private reader(file: OfacFile): FileReader {
    let reader = this.readers.get(file.role);
    if (!reader) {
      const created: FileReader = {
        text: new TextInput(),
        rows: new CsvRows(
          (cells, line) => this.row(file, created, cells, line),
          (reason, line) => this.problems.add({ file: file.role, ...(line ? { line } : {}), reason }),
        ),
        started: false,
        stopped: false,
      };
      reader = created;
      this.readers.set(file.role, reader);
    }
    return reader;
  }

  private feed(file: OfacFile, reader: FileReader, text: string): void {
    if (reader.text.failure) {
      this.problems.add({ file: file.role, reason: reader.text.failure });
      this.stop(reader);
      return;
    }
    // OFAC ends its files with a DOS end-of-file mark, which is no character of any row.
    const rows = text.replaceAll('\u001a', '');
    if (!reader.started && rows.trim() !== '') {
      reader.started = true;
      if (rows.trimStart().startsWith('<')) {
        this.problems.add({ file: file.role, line: 1, reason: `the file is XML ("${opening(rows)}"), not ${file.label}, which is CSV` });
        this.stop(reader);
        return;
      }
    }
    reader.rows.push(rows);
  }

  private stop(reader: FileReader): void {
    reader.stopped = true;
    reader.rows.stop();
  }

  /** A row with the wrong number of values: on the first line the file is another one, later a row is cut or damaged. */
  private shape(file: OfacFile, reader: FileReader, cells: string[], line: number): boolean {
    if (cells.length === file.cells && isNumber(value(cells[0]))) return true;
    if (reader.rows.count === 1) {
      const what =
        cells.length === file.cells ? `starts with "${value(cells[0]).slice(0, 40)}", not an entry number` : `has ${cells.length} values, not ${file.cells}`;
      this.problems.add({ file: file.role, line, reason: `this is not ${file.label}: its first row ${what} (the file has no header row)` });
      this.stop(reader);
    } else if (cells.length !== file.cells) {
      this.problems.add({
        file: file.role,
        line,
        reason: `the row has ${cells.length} values where ${file.label} has ${file.cells}: the row is cut short or damaged`,
      });
    } else {
      this.problems.add({ file: file.role, line, reason: `the entry number "${value(cells[0])}" is not a number` });
    }
    return false;
  }

  private row(file: OfacFile, reader: FileReader, cells: string[], line: number): void {
    if (!this.shape(file, reader, cells, line)) return;
    if (file.role === 'primary') this.primaryRow(cells, line);
    else if (file.role === 'comments') this.attachOrWait('comments', cells, line);
    else {
      const number = value(cells[1]);
      const numbers = this.lines[file.role];
      const what = file.role === 'alt' ? 'alias' : 'address';
      if (!isNumber(number)) {
        this.problems.add({ file: file.role, line, reason: `the ${what} number "${number}" is not a number` });
        return;
      }
      const before = numbers.get(number);
      if (before !== undefined) {
        this.problems.add({ file: file.role, line, reason: `${what} ${number} is listed twice (lines ${before} and ${line})` });
        return;
      }
      numbers.set(number, line);
      if (file.role === 'alt' && !value(cells[3])) {
        this.problems.add({ file: 'alt', line, reason: `alias ${number} of entry ${value(cells[0])} has no name` });
        return;
      }
      this.attachOrWait(file.role, cells, line);
    }
  }

  private primaryRow(cells: string[], line: number): void {
    const [entNum, name, type, program, title, callSign, vesselType, tonnage, grt, vesselFlag, vesselOwner, remarks] = cells.map(value);
    const entryId = `${this.source}-${entNum}`;
    const before = this.lines.primary.get(entNum);
    if (before !== undefined) {
      this.problems.add({ file: 'primary', line, entry: entryId, reason: `entry ${entNum} is listed twice (lines ${before} and ${line})` });
      return;
    }
    this.lines.primary.set(entNum, line);
    if (!name) {
      this.problems.add({ file: 'primary', line, entry: entryId, reason: `entry ${entNum} has no name` });
      return;
    }
    const partyType = PARTY_TYPES[type.toLowerCase()];
    if (!partyType) {
      this.problems.add({
        file: 'primary',
        line,
        entry: entryId,
        reason: `entry ${entNum} has the type "${type}", which is none of OFAC's (individual, vessel, aircraft, or empty for an entity)`,
      });
      return;
    }
    // A refused file's entries are not kept: only its further problems are looked for.
    if (this.problems.any) return;
    const vessel: SourceVessel = {
      ...(callSign ? { callSign } : {}),
      ...(vesselType ? { vesselType } : {}),
      ...(tonnage ? { tonnage } : {}),
      ...(grt ? { grossRegisteredTonnage: grt } : {}),
      ...(vesselFlag ? { flag: countryOf(vesselFlag) } : {}),
      ...(vesselOwner ? { owner: vesselOwner } : {}),
    };
    const entry: SourceEntry = {
      source: this.source,
      entryId,
      listId: entNum,
      partyType,
      name: partyType === 'Individual' ? familyCommaGiven(name) : { full: name },
      aliases: [],
      programs: splitPrograms(program),
      nationalities: [],
      citizenships: [],
      datesOfBirth: [],
      placesOfBirth: [],
      addresses: [],
      identifiers: [],
      titles: title ? [title] : [],
      linkedTo: [],
      ...(Object.keys(vessel).length > 0 ? { vessel } : {}),
      ...(remarks ? { remarks } : {}),
    };
    this.entries.set(entNum, entry);
    const waiting = this.waiting.get(entNum);
    this.waiting.delete(entNum);
    for (const row of waiting?.comments ?? []) entry.remarks = (entry.remarks ?? '') + value(row.cells[1]);
    this.readRemarks(entry, line);
    for (const row of waiting?.alt ?? []) this.attach('alt', entry, row);
    for (const row of waiting?.add ?? []) this.attach('add', entry, row);
  }

  private attachOrWait(role: 'alt' | 'add' | 'comments', cells: string[], line: number): void {
    if (this.problems.any) return;
    const entNum = value(cells[0]);
    const entry = this.entries.get(entNum);
    if (entry) {
      this.attach(role, entry, { cells, line });
      return;
    }
    let waiting = this.waiting.get(entNum);
    if (!waiting) {
      waiting = { alt: [], add: [], comments: [] };
      this.waiting.set(entNum, waiting);
    }
    waiting[role].push({ cells, line });
  }

  private attach(role: 'alt' | 'add' | 'comments', entry: SourceEntry, { cells, line }: WaitingRow): void {
    if (role === 'comments') {
      entry.remarks = (entry.remarks ?? '') + value(cells[1]);
      this.readRemarks(entry, this.lines.primary.get(entry.listId) ?? line);
    } else if (role === 'alt') {
      const [, altNum, type, name, remarks] = cells.map(value);
      const kind = ALIAS_KINDS[type.toLowerCase()];
      if (!kind)
        this.warnings.add({ file: 'alt', line, entry: entry.entryId, reason: `alias ${altNum} has the type "${type}", none of aka, fka, nka: read as aka` });
      const alias: SourceAlias = {
        ...(entry.partyType === 'Individual' ? familyCommaGiven(name) : { full: name }),
        quality: 'strong',
        kind: kind ?? 'aka',
        ...(remarks ? { note: remarks } : {}),
      };
      // Strong aliases stay ahead of the weak ones read from the remarks.
      const firstWeak = entry.aliases.findIndex((known) => known.quality === 'weak');
      entry.aliases.splice(firstWeak === -1 ? entry.aliases.length : firstWeak, 0, alias);
    } else {
      const [, , street, city, country, remarks] = cells.map(value);
      if (!street && !city && !country) return;
      entry.addresses.push({
        ...(street ? { street } : {}),
        ...(city ? { city } : {}),
        ...(country ? { country: countryOf(country) } : {}),
        ...(remarks ? { note: remarks } : {}),
      });
    }
  }

  /** The facts of the remarks, read again when a comment continues them. */
  private readRemarks(entry: SourceEntry, line: number): void {
    const facts = readOfacRemarks(entry.remarks ?? '');
    const individual = entry.partyType === 'Individual';
    entry.aliases = [
      ...entry.aliases.filter((alias) => alias.quality === 'strong'),
      ...facts.weakAliases.map(({ name, kind }): SourceAlias => ({ ...(individual ? familyCommaGiven(name) : { full: name }), quality: 'weak', kind })),
    ];
    entry.datesOfBirth = facts.datesOfBirth;
    entry.placesOfBirth = facts.placesOfBirth;
    entry.nationalities = facts.nationalities;
    entry.citizenships = facts.citizenships;
    entry.identifiers = facts.identifiers;
    entry.linkedTo = facts.linkedTo;
    if (facts.gender) entry.gender = facts.gender;
    else delete entry.gender;
    if (facts.unreadDates.length > 0) {
      this.remarkWarnings.set(
        entry.listId,
        facts.unreadDates.map((date) => ({ file: 'primary', line, entry: entry.entryId, reason: `the date of birth "${date}" cannot be read: left out` })),
      );
    } else this.remarkWarnings.delete(entry.listId);
  }
}
