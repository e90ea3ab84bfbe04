import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { FaultList } from '../faults';
import { utf8Length, withDefaultLimits, type CargoMessageLimits } from '../limits';
import { XmlElement } from './xmlElement';

/**
 * Reads untrusted Cargo-XML safely. Refused before parsing: an oversize document, any DOCTYPE or
 * ENTITY declaration (the road to entity expansion, "billion laughs", and external entities), and
 * nesting deeper than the limit. Entities are never expanded by the parser; only the five
 * predefined ones and character references are decoded, in XmlElement.
 */

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let position = text.indexOf('\n'); position !== -1 && position < index; position = text.indexOf('\n', position + 1)) line++;
  return line;
}

/** Line starts, for mapping parser offsets to line numbers by binary search. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) starts.push(index + 1);
  return starts;
}

function lineOfOffset(starts: number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

/** The line at which element nesting first exceeds `maxDepth`, in a document already known to be well formed. */
function tooDeepAt(text: string, maxDepth: number): number | undefined {
  // Comments, CDATA and processing instructions cannot hold elements; blank them out, keeping offsets.
  const bare = text.replace(/<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>/g, (match) => match.replace(/[^\n]/g, ' '));
  const tag = /<(\/?)[A-Za-z_][\w:.-]*(?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*(\/?)>/g;
  let depth = 0;
  for (let match = tag.exec(bare); match; match = tag.exec(bare)) {
    if (match[1]) depth--;
    else if (!match[2]) {
      depth++;
      if (depth > maxDepth) return lineAt(text, match.index);
    }
  }
  return undefined;
}

const parser = (maxDepth: number) =>
  new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: false,
    htmlEntities: false,
    trimValues: true,
    alwaysCreateTextNode: true,
    captureMetaData: true,
    isArray: (_name: string, _path: unknown, _leaf: boolean, isAttribute: boolean) => !isAttribute,
    maxNestedTags: maxDepth + 1,
  });

/**
 * The root element of a message of one kind (`roots`, its accepted root names), or undefined with the
 * faults recorded: a document that is not safe XML, or the root of another kind of message.
 */
export function readMessageRoot(
  text: string,
  limits: Partial<CargoMessageLimits> | undefined,
  faults: FaultList,
  roots: readonly string[],
  expected: string,
): XmlElement | undefined {
  const root = readXmlDocument(text, withDefaultLimits(limits), faults);
  if (root && !roots.includes(root.name)) return faults.add(root.line, 'unknown-message', `The root element is ${root.name}; ${expected}.`);
  return root;
}

/** The document's root element, or undefined with the faults recorded. */
export function readXmlDocument(text: string, limits: CargoMessageLimits, faults: FaultList): XmlElement | undefined {
  const bytes = utf8Length(text);
  if (bytes > limits.maxBytes) return faults.add(0, 'too-large', `The message is ${bytes} bytes; at most ${limits.maxBytes} bytes are accepted.`);
  const declaration = /<!\s*(DOCTYPE|ENTITY)/i.exec(text);
  if (declaration) {
    return faults.add(
      lineAt(text, declaration.index),
      'hostile-xml',
      `A ${declaration[1].toUpperCase()} declaration is refused: Cargo-XML messages need none, and declared entities can expand without limit or read external files.`,
    );
  }
  if (text.includes('\uFFFD'))
    return faults.add(
      lineAt(text, text.indexOf('\uFFFD')),
      'bad-encoding',
      'The message holds a character that could not be decoded: it is not in the encoding it was sent as.',
    );
  const valid = XMLValidator.validate(text, { allowBooleanAttributes: false });
  if (valid !== true) return faults.add(valid.err.line, 'malformed', `The XML is not well formed: ${valid.err.msg} (column ${valid.err.col}).`);
  const deepAt = tooDeepAt(text, limits.maxXmlDepth);
  if (deepAt !== undefined) return faults.add(deepAt, 'too-deep', `Elements are nested more than ${limits.maxXmlDepth} deep; Cargo-XML needs far fewer.`);
  let document: Record<string, unknown>;
  try {
    document = parser(limits.maxXmlDepth).parse(text) as Record<string, unknown>;
  } catch (error) {
    return faults.add(0, 'malformed', `The XML cannot be read: ${(error as Error).message}.`);
  }
  const rootName = Object.keys(document).find((key) => !key.startsWith('?') && !key.startsWith('#'));
  if (!rootName) return faults.add(1, 'malformed', 'The XML has no root element.');
  const starts = lineStarts(text);
  const symbol = XMLParser.getMetaDataSymbol() as unknown as symbol;
  const lineOf = (node: Record<string, unknown>) => {
    const meta = (node as Record<symbol, { startIndex?: number } | undefined>)[symbol];
    return meta?.startIndex === undefined ? 0 : lineOfOffset(starts, meta.startIndex);
  };
  const rootNode = (document[rootName] as Record<string, unknown>[])[0];
  return new XmlElement(rootNode, rootName, rootName, lineOf(rootNode) || 1, lineOf);
}
