/**
 * A read-only view of a parsed Cargo-XML element: children by local name (namespace prefixes are
 * dropped), decoded text, attributes, and the line the element starts on.
 */

type RawNode = Record<string, unknown>;

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the five predefined XML entities and character references; nothing else is ever expanded. */
export function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos);/g, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return PREDEFINED[name];
  });
}

export class XmlElement {
  constructor(
    private readonly node: RawNode,
    readonly name: string,
    readonly path: string,
    readonly line: number,
    private readonly lineOf: (node: RawNode) => number,
  ) {}

  children(name: string): XmlElement[] {
    const value = this.node[name];
    if (!Array.isArray(value)) return [];
    return value.map((child: RawNode) => new XmlElement(child, name, `${this.path}/${name}`, this.lineOf(child) || this.line, this.lineOf));
  }

  child(name: string): XmlElement | undefined {
    return this.children(name)[0];
  }

  /** The element at a path of child names, e.g. at('PostalStructuredAddress', 'CityName'). */
  at(...names: string[]): XmlElement | undefined {
    let element: XmlElement | undefined = this;
    for (const name of names) element = element?.child(name);
    return element;
  }

  /** The trimmed, decoded text; undefined when the element holds none. */
  text(): string | undefined {
    const raw = this.node['#text'];
    if (raw === undefined || raw === null) return undefined;
    const text = decodeXmlText(String(raw)).trim();
    return text === '' ? undefined : text;
  }

  attribute(name: string): string | undefined {
    const value = this.node[`@${name}`];
    return typeof value === 'string' ? decodeXmlText(value) : undefined;
  }

  /** Text of the child at a path. */
  textAt(...names: string[]): string | undefined {
    return this.at(...names)?.text();
  }
}
