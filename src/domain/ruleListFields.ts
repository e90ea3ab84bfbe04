import type { FieldFormatName } from './ruleFieldFormats';

/**
 * The field of an admin rule list, as a plugin declares it (plugins/): what the generated form
 * shows, what the server and CSV import accept. Values travel as strings (integers as numbers);
 * an empty optional value is null.
 */

/** `boolean`: yes or no, stored and sent as true or false (CSV: Yes or No; also read: true/false, Y/N, 1/0). */
export type RuleFieldType = 'text' | 'choice' | 'list' | 'integer' | 'date' | 'boolean';

/** Item separators of list fields (spec 5): stations and currencies by semicolon, SHC by slash, e-mail by comma. */
export type ListSeparator = ';' | '/' | ',';

export interface RuleField {
  /** Key of the value on the wire, in the database and as CSV column id (camelCase). */
  source: string;
  /** Column header, input label and CSV header. */
  label: string;
  type: RuleFieldType;
  required?: boolean;
  /** A named format of spec 5 (carrier id, country code...); list fields check it per item. */
  format?: FieldFormatName;
  /** A regular expression (anchored, for the whole value or each item) for formats no name covers. */
  pattern?: string;
  /** Input is upper-cased before it is checked (named code formats do this by themselves). */
  uppercase?: boolean;
  /** The pattern's meaning in words, shown under the input (e.g. "2 to 10 capital letters or digits"). */
  patternHint?: string;
  minLength?: number;
  /** Most characters of the value (for list fields: of the whole list). */
  maxLength?: number;
  /** Allowed values of a choice field; input is matched to them without regard to case. */
  choices?: readonly string[];
  /** List fields: the separator between items. */
  separator?: ListSeparator;
  /** List fields: the most items allowed. */
  maxItems?: number;
  /** Matching values: the wildcards * ? # with ! as escape (spec 5); implies the matchingValue format. */
  wildcards?: boolean;
  /** Integer fields: the range allowed. */
  min?: number;
  max?: number;
  /** The value a new record starts with. */
  defaultValue?: string | number | boolean;
  /** Shown as a column of the grid (default true). */
  inList?: boolean;
  /** Offered as a filter of the grid. */
  filter?: boolean;
  /** Not editable in the form (set by a toolbar action, e.g. a whitelist entry's status). */
  readOnly?: boolean;
  /** Several lines of text in the form. */
  multiline?: boolean;
}

export type RuleValue = string | number | boolean | null;
export type RuleValues = Record<string, RuleValue>;
