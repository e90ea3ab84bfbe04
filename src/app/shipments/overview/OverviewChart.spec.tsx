import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import OverviewChart, { axisTicks } from './OverviewChart';

afterEach(cleanup);

describe('the overview chart', () => {
  it('puts round ticks up to the tallest bar', () => {
    expect(axisTicks(111)).toEqual([0, 50, 100, 150]);
    expect(axisTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks(4_000)).toEqual([0, 1_000, 2_000, 3_000, 4_000]);
    expect(axisTicks(0)).toEqual([0]);
  });

  it('draws a bar per status and range, each naming its figure, and a bar opens its list', () => {
    const onBarClick = vi.fn();
    const { container } = render(
      <OverviewChart
        labels={['New', 'Accept', 'Reject']}
        series={[
          { id: 'today', label: 'Today', data: [27, 6, 0] },
          { id: 'week', label: 'Last 7 days', data: [111, 52, 24] },
        ]}
        onBarClick={onBarClick}
      />,
    );
    const bars = [...container.querySelectorAll('rect')].filter((rect) => rect.querySelector('title'));
    expect(bars.map((bar) => bar.querySelector('title')?.textContent)).toEqual([
      'New, Today: 27',
      'New, Last 7 days: 111',
      'Accept, Today: 6',
      'Accept, Last 7 days: 52',
      'Reject, Today: 0',
      'Reject, Last 7 days: 24',
    ]);
    // Heights follow the figures: 111 is the tallest, 0 is flat.
    const heights = bars.map((bar) => Number(bar.getAttribute('height')));
    expect(Math.max(...heights)).toBe(heights[1]);
    expect(heights[4]).toBe(0);
    fireEvent.click(bars[3]);
    expect(onBarClick).toHaveBeenCalledWith(1, 'week');
    fireEvent.click(bars[4]);
    expect(onBarClick).toHaveBeenCalledTimes(1);
  });
});
