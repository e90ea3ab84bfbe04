import type { FaultList } from '../faults';
import type { Volume, VolumeUnit, Weight } from '../model';
import type { XmlElement } from './xmlElement';

/** Texts wrapped to the Cargo-IMP line widths; the rule lives with the other field rules. */
export { wrapWords } from '../fields';

/** Typed values read from Cargo-XML elements; a bad value is a fault naming the element and its line. */

export class XmlReading {
  constructor(readonly faults: FaultList) {}

  fault(element: XmlElement, reason: string): undefined {
    return this.faults.add(element.line, 'malformed', `${element.path}: ${reason}`, element.name);
  }

  missing(parent: XmlElement, path: string, what: string): undefined {
    return this.faults.add(parent.line, 'missing-segment', `${parent.path}/${path} (${what}) is missing.`, path.split('/').at(-1));
  }

  /** A required child read by `read`: missing and malformed are told apart. */
  required<T>(parent: XmlElement, name: string, what: string, read: (element: XmlElement) => T | undefined): T | undefined {
    const element = parent.child(name);
    return element ? read(element) : this.missing(parent, name, what);
  }

  /** Required text at a path below `parent`. */
  requiredText(parent: XmlElement, names: string[], what: string): string | undefined {
    const text = parent.textAt(...names);
    return text ?? this.missing(parent, names.join('/'), what);
  }

  decimal(element: XmlElement | undefined, what: string): number | undefined {
    if (!element) return undefined;
    const text = element.text() ?? '';
    if (!/^\d{1,12}(\.\d{1,4})?$/.test(text)) return this.fault(element, `${what} '${text}' must be a non-negative number.`);
    return Number(text);
  }

  integer(element: XmlElement | undefined, what: string, max = 99_999): number | undefined {
    if (!element) return undefined;
    const text = element.text() ?? '';
    if (!/^\d{1,9}$/.test(text) || Number(text) > max) return this.fault(element, `${what} '${text}' must be a whole number up to ${max}.`);
    return Number(text);
  }

  /** A weight measure: unitCode KGM (kilograms) or LBR (pounds). */
  weight(element: XmlElement | undefined, what: string): Weight | undefined {
    if (!element) return undefined;
    const unit = element.attribute('unitCode') ?? 'KGM';
    if (unit !== 'KGM' && unit !== 'LBR') return this.fault(element, `the unit of ${what} must be KGM or LBR, not '${unit}'.`);
    const value = this.decimal(element, what);
    return value === undefined ? undefined : { unit: unit === 'KGM' ? 'K' : 'L', value };
  }

  /** A volume measure: MTQ cubic metres, CMQ cubic centimetres, FTQ cubic feet, INQ cubic inches. */
  volume(element: XmlElement | undefined, what: string): Volume | undefined {
    if (!element) return undefined;
    const units: Record<string, VolumeUnit> = { MTQ: 'MC', CMQ: 'CC', FTQ: 'CF', INQ: 'CI' };
    const unit = units[element.attribute('unitCode') ?? 'MTQ'];
    if (!unit) return this.fault(element, `the unit of ${what} must be MTQ, CMQ, FTQ or INQ.`);
    const value = this.decimal(element, what);
    return value === undefined ? undefined : { unit, value };
  }

  indicator(element: XmlElement | undefined): boolean | undefined {
    const text = element?.text()?.toLowerCase();
    if (text === undefined) return undefined;
    if (text === 'true' || text === '1') return true;
    if (text === 'false' || text === '0') return false;
    return this.fault(element as XmlElement, `'${text}' must be true or false.`);
  }

  /** An ISO date-time; only its date part (yyyy-mm-dd) is kept. */
  date(element: XmlElement | undefined, what: string): string | undefined {
    if (!element) return undefined;
    const text = element.text() ?? '';
    const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
    const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
    if (!match || !date || date.getUTCDate() !== Number(match[3]) || date.getUTCMonth() !== Number(match[2]) - 1) {
      return this.fault(element, `${what} '${text}' must be an ISO date such as 2010-12-08T00:00:00.`);
    }
    return `${match[1]}-${match[2]}-${match[3]}`;
  }
}
