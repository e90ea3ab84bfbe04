import { describe, expect, it } from 'vitest';
import { runToEnd } from '../../../src/domain/steps';
import { ImportMessages } from '../../../src/domain/ruleListImport';
import { decodeImportFile } from '../../../src/server/ruleLists/csvImport';

const decode = (base64: string) => runToEnd(decodeImportFile(base64));
const STEP = 1 << 20;

describe('decodeImportFile (checked a megabyte of base64 at a time)', () => {
  it('reads a file of several steps whatever its padding, line breaks ignored', () => {
    for (const length of [3 * STEP, 3 * STEP + 1, 3 * STEP + 2, 3 * STEP - 1]) {
      const text = 'Country,Name\r\n'.padEnd(length, 'x');
      const base64 = Buffer.from(text).toString('base64');
      expect(decode(base64)).toEqual({ text });
      expect(decode(base64.replace(/.{76}/g, '$&\r\n'))).toEqual({ text });
    }
  });

  it('refuses a character that is not base64, and padding before the end, wherever it is', () => {
    const base64 = Buffer.from('a,b\n'.repeat(STEP)).toString('base64');
    for (const at of [10, STEP - 1, STEP, 2 * STEP + 5, base64.length - 3]) {
      expect(decode(`${base64.slice(0, at)}*${base64.slice(at + 1)}`)).toEqual({ problem: expect.objectContaining({ message: ImportMessages.notCsv }) });
      expect(decode(`${base64.slice(0, at)}=${base64.slice(at + 1)}`)).toEqual({ problem: expect.objectContaining({ message: ImportMessages.notCsv }) });
    }
  });
});
