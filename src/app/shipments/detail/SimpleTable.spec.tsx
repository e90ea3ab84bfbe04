import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SimpleTable } from './DetailBlocks';

/** A table wider than its place scrolls across, and then its region takes the keyboard's focus (axe: scrollable-region-focusable). */

const real = globalThis.ResizeObserver;
beforeEach(() => {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  globalThis.ResizeObserver = real;
});

const table = () => <SimpleTable<{ name: string }> label="Matches" columns={[['Name', (row) => row.name]]} rows={[{ name: 'AEROCARIBBEAN AIRLINES' }]} />;

/** What the browser would measure: the table's width and its place's. */
function measured(content: number, place: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(content);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(place);
}

describe('a simple table', () => {
  it('is a region the keyboard reaches when it is wider than its place', () => {
    measured(900, 400);
    render(table());
    const region = screen.getByRole('region', { name: 'Matches' });
    expect(region.tabIndex).toBe(0);
    expect(region.contains(screen.getByRole('table', { name: 'Matches' }))).toBe(true);
  });

  it('adds no stop to the keyboard when it fits', () => {
    measured(400, 400);
    render(table());
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByRole('table', { name: 'Matches' }).parentElement?.tabIndex).toBe(-1);
  });
});
