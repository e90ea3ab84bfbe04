// saxes: a streaming, well-formedness-checking XML parser in plain JavaScript (jsdom's), no Node module needed.
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { countryOf } from './countryNames';
import { isoDay, readListDate } from './listDates';
import type {
  SourceAlias,
  SourceDate,
  SourceEntry,
  SourceFileRole,
  SourceIdentifier,
  SourceParser,
  SourceParseResult,
  SourcePlace,
  SourceProblem,
} from './model';
import { ProblemList } from './problems';
import { summarise } from './summary';
import { opening, TextInput } from './textInput';

/**
 * The UN Security Council Consolidated List in its XML form (schema sc-sanctions.xsd): the root CONSOLIDATED_LIST
 * (attribute dateGenerated) holds INDIVIDUALS/INDIVIDUAL and ENTITIES/ENTITY. Each one is read when its element
 * closes, from a small tree of that element alone; the file as a whole is never held.
 * Read: REFERENCE_NUMBER (the id), DATAID, FIRST_NAME..FOURTH_NAME, NAME_ORIGINAL_SCRIPT, UN_LIST_TYPE (the programme),
 * LISTED_ON, LAST_DAY_UPDATED, GENDER, TITLE and DESIGNATION, NATIONALITY, COMMENTS1, the aliases (QUALITY Good,
 * Low, a.k.a., f.k.a.; NOTE; CITY_OF_BIRTH, COUNTRY_OF_BIRTH), addresses (STREET, CITY, STATE_PROVINCE, ZIP_CODE,
 * COUNTRY, NOTE), dates of birth (TYPE_OF_DATE EXACT, APPROXIMATELY or BETWEEN; DATE, YEAR, FROM_YEAR, TO_YEAR, or a
 * NOTE such as "Nov. 1973"), places of birth and documents (TYPE_OF_DOCUMENT, TYPE_OF_DOCUMENT2, NUMBER,
 * ISSUING_COUNTRY or COUNTRY_OF_ISSUE, DATE_OF_ISSUE, CITY_OF_ISSUE, NOTE). Elements it does not know are passed over.
 */

const ROOT = 'CONSOLIDATED_LIST';

interface Element {
  name: string;
  line: number;
  children: Element[];
  text: string;
}

const childOf = (element: Element, name: string) => element.children.find((child) => child.name === name);
const childrenOf = (element: Element, name: string) => element.children.filter((child) => child.name === name);
/** The text of an element with its line breaks and indentation read as single spaces (the file wraps long values). */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
/** The text of a child on one line, undefined when absent or blank. */
const textOf = (element: Element, name: string): string | undefined => oneLine(childOf(element, name)?.text ?? '') || undefined;
/** The VALUE texts of a child such as NATIONALITY or TITLE. */
const valuesOf = (element: Element, name: string): string[] =>
  childrenOf(element, name).flatMap((child) => childrenOf(child, 'VALUE').flatMap((value) => oneLine(value.text) || []));

function place(element: Element): SourcePlace | undefined {
  const street = textOf(element, 'STREET');
  const city = textOf(element, 'CITY');
  const stateOrProvince = textOf(element, 'STATE_PROVINCE');
  const postalCode = textOf(element, 'ZIP_CODE');
  const country = countryOf(textOf(element, 'COUNTRY'));
  const note = textOf(element, 'NOTE');
  if (!street && !city && !stateOrProvince && !postalCode && !country) return undefined;
  return {
    ...(street ? { street } : {}),
    ...(city ? { city } : {}),
    ...(stateOrProvince ? { stateOrProvince } : {}),
    ...(postalCode ? { postalCode } : {}),
    ...(country ? { country } : {}),
    ...(note ? { note } : {}),
  };
}

/** A date of birth, or the text that could not be read, or nothing when the element is empty. */
function dateOfBirth(element: Element): SourceDate | string | undefined {
  const type = textOf(element, 'TYPE_OF_DATE')?.toUpperCase();
  const approximate = type === 'APPROXIMATELY';
  const note = textOf(element, 'NOTE');
  const from = textOf(element, 'FROM_YEAR');
  const to = textOf(element, 'TO_YEAR');
  if (from && to) return readListDate(`${from} to ${to}`, approximate) ?? `${from} to ${to}`;
  const written = textOf(element, 'DATE') ?? textOf(element, 'YEAR') ?? note;
  if (!written) return undefined;
  return readListDate(written, approximate) ?? written;
}

function identifier(element: Element): SourceIdentifier | undefined {
  const number = textOf(element, 'NUMBER');
  if (!number) return undefined;
  const country = countryOf(textOf(element, 'ISSUING_COUNTRY') ?? textOf(element, 'COUNTRY_OF_ISSUE'));
  const issued = textOf(element, 'DATE_OF_ISSUE');
  const issuedOn = isoDay(issued);
  const city = textOf(element, 'CITY_OF_ISSUE');
  const notes = [
    textOf(element, 'TYPE_OF_DOCUMENT2'),
    city ? `issued in ${city}` : undefined,
    issued && !issuedOn ? `issued ${issued}` : undefined,
    textOf(element, 'NOTE'),
  ].filter(Boolean);
  return {
    type: textOf(element, 'TYPE_OF_DOCUMENT') ?? 'Document',
    number,
    ...(country ? { country } : {}),
    ...(issuedOn ? { issuedOn } : {}),
    ...(notes.length > 0 ? { note: notes.join('; ') } : {}),
  };
}

const QUALITIES: Readonly<Record<string, Pick<SourceAlias, 'quality' | 'kind'>>> = {
  good: { quality: 'strong', kind: 'aka' },
  low: { quality: 'weak', kind: 'aka' },
  'a.k.a.': { quality: 'strong', kind: 'aka' },
  'f.k.a.': { quality: 'strong', kind: 'fka' },
  'n.k.a.': { quality: 'strong', kind: 'nka' },
  '': { quality: 'strong', kind: 'aka' },
};

export class UnXmlParser implements SourceParser {
  readonly source = 'UN' as const;
  readonly files: readonly SourceFileRole[] = ['list'];
  private readonly text = new TextInput();
  private readonly xml = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  private readonly problems = new ProblemList();
  private readonly warnings = new ProblemList();
  private readonly entries: SourceEntry[] = [];
  /** Line of each REFERENCE_NUMBER read, to tell a repeated one. */
  private readonly references = new Map<string, number>();
  /** Names of the open elements outside an entry. */
  private readonly path: string[] = [];
  /** The entry being read and its open elements, innermost last. */
  private open: Element[] = [];
  private started = false;
  private stopped = false;
  private sawRoot = false;
  private publishedAt: string | undefined;
  private ended = false;

  constructor() {
    this.xml.on('opentag', (tag) => this.openTag(tag));
    this.xml.on('closetag', () => this.closeTag());
    this.xml.on('text', (text) => this.addText(text));
    this.xml.on('cdata', (text) => this.addText(text));
    this.xml.on('error', (error) => this.fail(this.xmlReason(error.message)));
  }

  push(chunk: string | Uint8Array, file: SourceFileRole = 'list'): void {
    if (this.ended) throw new Error('The UN parser has ended: no more pieces');
    if (file !== 'list') throw new Error('The UN list is one file');
    this.feed(this.text.read(chunk));
  }

  end(): SourceParseResult {
    if (this.ended) throw new Error('The UN parser has ended already');
    this.feed(this.text.end());
    this.ended = true;
    if (!this.stopped) {
      if (!this.started) this.problems.add({ file: 'list', reason: 'the file is empty' });
      else this.xml.close();
    }
    if (!this.problems.any && this.entries.length === 0) this.problems.add({ file: 'list', reason: 'the list has no INDIVIDUAL and no ENTITY' });
    if (this.problems.any) return { ok: false, problems: this.problems.list() };
    return { ok: true, entries: this.entries, summary: summarise('UN', this.entries, this.warnings.list(), this.publishedAt) };
  }

  private feed(text: string): void {
    if (this.stopped) return;
    if (this.text.failure) {
      this.fail(this.text.failure);
      return;
    }
    if (!this.started && text.trim() !== '') {
      this.started = true;
      if (!text.trimStart().startsWith('<')) {
        this.fail(`the file is not XML (it starts "${opening(text)}"): the UN list is an XML file whose root element is <${ROOT}>`);
        return;
      }
    }
    if (text !== '') this.xml.write(text);
  }

  private fail(reason: string, line = this.xml.line): void {
    if (this.stopped) return;
    this.stopped = true;
    this.problems.add({ file: 'list', ...(line ? { line } : {}), reason });
  }

  private xmlReason(message: string): string {
    // saxes writes "line:column: what".
    const what = message.replace(/^(?:[^:]*:)?\d+:\d+: /, '');
    const unclosed = /^unclosed tag: (.+)$/.exec(what);
    if (unclosed) return `the file ends inside <${unclosed[1]}>, before </${ROOT}>: it is cut short`;
    if (what.startsWith('document must contain a root element'))
      return `the file ends before its root element <${ROOT}>: it is cut short, or it is no XML list`;
    if (what.startsWith('text data outside of root node')) return `text stands outside the root element <${ROOT}>: the file is not the UN list`;
    return `the XML is not well-formed: ${what}`;
  }

  private openTag(tag: SaxesTagPlain): void {
    if (this.stopped) return;
    if (this.open.length > 0) {
      const element: Element = { name: tag.name, line: this.xml.line, children: [], text: '' };
      this.open[this.open.length - 1].children.push(element);
      this.open.push(element);
      return;
    }
    if (!this.sawRoot) {
      this.sawRoot = true;
      if (tag.name !== ROOT) {
        this.fail(`the XML's root element is <${tag.name}>, the UN list's is <${ROOT}>: this is not the UN Security Council Consolidated List`);
        return;
      }
      this.publishedAt = tag.attributes.dateGenerated?.trim() || undefined;
    }
    const parent = this.path[this.path.length - 1];
    if ((tag.name === 'INDIVIDUAL' && parent === 'INDIVIDUALS') || (tag.name === 'ENTITY' && parent === 'ENTITIES')) {
      this.open = [{ name: tag.name, line: this.xml.line, children: [], text: '' }];
    } else this.path.push(tag.name);
  }

  private closeTag(): void {
    if (this.stopped) return;
    if (this.open.length === 0) {
      this.path.pop();
      return;
    }
    const element = this.open.pop()!;
    if (this.open.length === 0) this.readEntry(element);
  }

  private addText(text: string): void {
    if (this.open.length > 0) this.open[this.open.length - 1].text += text;
  }

  private problem(problem: Omit<SourceProblem, 'file'>): void {
    this.problems.add({ file: 'list', ...problem });
  }

  private readEntry(element: Element): void {
    const individual = element.name === 'INDIVIDUAL';
    const what = individual ? 'individual' : 'entity';
    const reference = textOf(element, 'REFERENCE_NUMBER');
    const dataId = textOf(element, 'DATAID');
    if (!reference) {
      this.problem({ line: element.line, reason: `an ${what}${dataId ? ` (DATAID ${dataId})` : ''} has no REFERENCE_NUMBER` });
      return;
    }
    const entryId = `UN-${reference}`;
    const before = this.references.get(reference);
    if (before !== undefined) {
      this.problem({ line: element.line, entry: entryId, reason: `${reference} is listed twice (lines ${before} and ${element.line})` });
      return;
    }
    this.references.set(reference, element.line);
    const parts = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'].flatMap((name) => textOf(element, name) ?? []);
    if (parts.length === 0) {
      this.problem({ line: element.line, entry: entryId, reason: `${reference} has no name (FIRST_NAME is empty)` });
      return;
    }
    // A refused file's entries are not kept: only its further problems are looked for.
    if (this.problems.any) return;

    const warn = (reason: string) => this.warnings.add({ file: 'list', line: element.line, entry: entryId, reason });
    const aliases: SourceAlias[] = [];
    for (const alias of childrenOf(element, individual ? 'INDIVIDUAL_ALIAS' : 'ENTITY_ALIAS')) {
      const full = textOf(alias, 'ALIAS_NAME');
      if (!full) continue;
      const written = textOf(alias, 'QUALITY') ?? '';
      let quality = QUALITIES[written.toLowerCase()];
      if (!quality) {
        warn(`the alias "${full}" has the QUALITY "${written}", none of Good, Low, a.k.a., f.k.a.: read as a strong alias`);
        quality = QUALITIES[''];
      }
      const note = textOf(alias, 'NOTE');
      const birthCity = textOf(alias, 'CITY_OF_BIRTH');
      const birthCountry = countryOf(textOf(alias, 'COUNTRY_OF_BIRTH'));
      const placeOfBirth: SourcePlace | undefined =
        birthCity || birthCountry ? { ...(birthCity ? { city: birthCity } : {}), ...(birthCountry ? { country: birthCountry } : {}) } : undefined;
      aliases.push({ full, ...quality, ...(note ? { note } : {}), ...(placeOfBirth ? { placeOfBirth } : {}) });
    }
    // Strong aliases first, as in every source.
    aliases.sort((a, b) => (a.quality === b.quality ? 0 : a.quality === 'strong' ? -1 : 1));

    const datesOfBirth: SourceDate[] = [];
    for (const date of childrenOf(element, 'INDIVIDUAL_DATE_OF_BIRTH').map(dateOfBirth)) {
      if (typeof date === 'string') warn(`the date of birth "${date}" cannot be read: left out`);
      else if (date) datesOfBirth.push(date);
    }
    const gender = textOf(element, 'GENDER');
    const listedOn = isoDay(textOf(element, 'LISTED_ON'));
    const updatedOn = valuesOf(element, 'LAST_DAY_UPDATED')
      .flatMap((value) => isoDay(value) ?? [])
      .sort()
      .at(-1);
    const originalScriptName = textOf(element, 'NAME_ORIGINAL_SCRIPT');
    const program = textOf(element, 'UN_LIST_TYPE');
    // The comments keep their line breaks: they are prose.
    const remarks = childOf(element, 'COMMENTS1')?.text.trim() || undefined;
    this.entries.push({
      source: 'UN',
      entryId,
      listId: reference,
      ...(dataId ? { recordId: dataId } : {}),
      partyType: individual ? 'Individual' : 'Entity',
      name: individual ? { full: parts.join(' '), parts } : { full: parts.join(' ') },
      ...(originalScriptName ? { originalScriptName } : {}),
      aliases,
      programs: program ? [program] : [],
      nationalities: valuesOf(element, 'NATIONALITY').flatMap((name) => countryOf(name) ?? []),
      citizenships: [],
      datesOfBirth,
      placesOfBirth: childrenOf(element, 'INDIVIDUAL_PLACE_OF_BIRTH').flatMap((child) => place(child) ?? []),
      addresses: childrenOf(element, individual ? 'INDIVIDUAL_ADDRESS' : 'ENTITY_ADDRESS').flatMap((child) => place(child) ?? []),
      identifiers: childrenOf(element, 'INDIVIDUAL_DOCUMENT').flatMap((child) => identifier(child) ?? []),
      ...(gender === 'Male' || gender === 'Female' ? { gender } : {}),
      titles: [...valuesOf(element, 'TITLE'), ...valuesOf(element, 'DESIGNATION')],
      linkedTo: [],
      ...(listedOn ? { listedOn } : {}),
      ...(updatedOn ? { updatedOn } : {}),
      ...(remarks ? { remarks } : {}),
    });
  }
}
