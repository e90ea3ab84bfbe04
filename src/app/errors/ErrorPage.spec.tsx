// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { appHistory } from '../routing/history';
import { goTo } from '../testing/fixtures';
import { errorCodeToShow, ErrorPage } from './ErrorPage';

afterEach(cleanup);

describe('ErrorPage', () => {
  it.each([
    ['401', 'Unauthorized'],
    ['403', 'Access denied'],
    ['404', 'Page not found'],
    ['500', 'Something went wrong'],
  ])('shows %s', (code, title) => {
    render(<ErrorPage code={code} lang="en" />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`Error ${code}: ${title}`);
    expect(screen.getByText(code)).toBeInTheDocument();
  });

  it('shows 404 for any other code', () => {
    expect(errorCodeToShow('418')).toBe(404);
    expect(errorCodeToShow('abc')).toBe(404);
    expect(errorCodeToShow(undefined)).toBe(404);
    render(<ErrorPage code="418" lang="en" />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
    expect(screen.queryByText('418')).not.toBeInTheDocument();
  });

  it('uses the classic styling for error/ef', () => {
    const { container } = render(<ErrorPage code="500" lang="en" classic />);
    expect(container.querySelector('main')).toHaveClass('error-page--classic');
  });

  it('has a Back link to the start page when opened directly', async () => {
    goTo('/ez4/en/error/403');
    render(<ErrorPage code="403" lang="en" />);
    const back = screen.getByRole('link', { name: 'Back' });
    expect(back).toHaveAttribute('href', '/ez4/en');
    await userEvent.setup().click(back);
    expect(appHistory.snapshot.location.pathname).toBe('/ez4/en');
  });

  it('goes back in history when the app led here', async () => {
    goTo('/ez4/en/shipment');
    appHistory.push('/ez4/en/error/500');
    render(<ErrorPage code="500" lang="en" />);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(window.location.pathname).toBe('/ez4/en/shipment'));
  });
});
