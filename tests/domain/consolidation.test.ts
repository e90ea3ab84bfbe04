import { describe, expect, it } from 'vitest';
import { consolidationTotals, formatKg, houseGoodsDescription } from '../../src/domain/consolidation';

describe('a house’s nature of goods', () => {
  it('names the goods once when the manifest description and the text say the same', () => {
    expect(houseGoodsDescription('FLOWERS', ['FLOWERS'])).toBe('FLOWERS');
    expect(houseGoodsDescription('flowers ', [' FLOWERS'])).toBe('flowers');
    // The manifest description is at most 15 characters: the start of the text.
    expect(houseGoodsDescription('LITHIUM ION BAT', ['LITHIUM ION BATTERIES PACKED WITH EQUIPMENT'])).toBe('LITHIUM ION BATTERIES PACKED WITH EQUIPMENT');
    expect(houseGoodsDescription('SPARE PARTS', ['PARTS'])).toBe('SPARE PARTS');
  });

  it('reads the TXT lines as one text and keeps a summary that says something else', () => {
    expect(houseGoodsDescription('GARMENTS', [])).toBe('GARMENTS');
    expect(houseGoodsDescription('', ['COTTON SHIRTS'])).toBe('COTTON SHIRTS');
    expect(houseGoodsDescription('GARMENTS', ['COTTON SHIRTS AND', 'WOOLLEN JUMPERS'])).toBe('GARMENTS - COTTON SHIRTS AND WOOLLEN JUMPERS');
  });
});

describe('a consolidation’s totals', () => {
  it('shows how far the houses are from the master', () => {
    const houses = [
      { pieces: 20, weightKg: 500.3 },
      { pieces: 17, weightKg: 441.3 },
    ];
    expect(consolidationTotals({ pieces: 103, weightKg: 4603.5 }, houses)).toEqual({
      master: { pieces: 103, weightKg: 4603.5 },
      houses: { count: 2, pieces: 37, weightKg: 941.6 },
      difference: { pieces: 66, weightKg: 3661.9 },
      agrees: false,
    });
    expect(consolidationTotals({ pieces: 30, weightKg: 900 }, houses)?.difference).toEqual({ pieces: 7, weightKg: 41.6 });
  });

  it('agrees to the tenth of a kilogram, with no floating-point remainder', () => {
    const houses = [0.1, 0.2, 0.4].map((weightKg) => ({ pieces: 1, weightKg }));
    expect(consolidationTotals({ pieces: 3, weightKg: 0.7 }, houses)).toMatchObject({ agrees: true, difference: { pieces: 0, weightKg: 0 } });
    expect(consolidationTotals({ pieces: 3, weightKg: 0.8 }, houses)).toMatchObject({ agrees: false, difference: { pieces: 0, weightKg: 0.1 } });
  });

  it('is no consolidation without houses', () => {
    expect(consolidationTotals({ pieces: 3, weightKg: 12 }, [])).toBeNull();
  });

  it('writes weights with a thousands separator and one decimal', () => {
    expect(formatKg(4603.5)).toBe('4,603.5');
    expect(formatKg(941.6)).toBe('941.6');
    expect(formatKg(12)).toBe('12.0');
  });
});
