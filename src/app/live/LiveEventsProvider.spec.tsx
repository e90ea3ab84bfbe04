// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { useState } from 'react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../../dataProviders/httpClient';
import { FunctionId } from '../../domain/access';
import { signInAs, signOut } from '../testing/fixtures';
import { LiveEventsProvider, useLiveEvents, useLiveState } from './LiveEventsProvider';
import { FakeEventSource, liveEvent } from './testing/fakeEventSource';

/** An httpClient whose event ticket call answers `answer` (HTTP status, body). */
function ticketClient(answer: { status: number; json: unknown }) {
  const api = vi.fn(async () => ({ ...answer, headers: new Headers(), body: '' }));
  return { client: { api, apiUrl: (path: string) => `http://api.local${path}` } as unknown as HttpClient, api };
}

function Listener() {
  const state = useLiveState();
  const [seen, setSeen] = useState<string[]>([]);
  useLiveEvents((event) => setSeen((ids) => [...ids, event.id]));
  return (
    <p>
      state: {state} <span data-testid="seen">{seen.join(' ')}</span>
    </p>
  );
}

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOut();
});

describe('LiveEventsProvider', () => {
  it('opens the stream with a ticket of the signed-in user, hands its events on, and closes it when the signed-in app goes', async () => {
    signInAs();
    const { client, api } = ticketClient({ status: 200, json: { status: 1, data: { Url: '/awbapi/events?ticket=abc', ExpiresInSeconds: 60 } } });
    const view = render(
      <LiveEventsProvider httpClient={client}>
        <Listener />
      </LiveEventsProvider>,
    );
    await waitFor(() => expect(FakeEventSource.current()?.url).toBe('http://api.local/awbapi/events?ticket=abc'));
    expect(api).toHaveBeenCalledWith('/awbapi/eventticket', expect.objectContaining({ method: 'POST', validateStatus: false }));
    const source = FakeEventSource.current()!;
    act(() => source.ready('5'));
    expect(await screen.findByText(/state: live/)).toBeInTheDocument();
    act(() => source.send(liveEvent(6, 'decision', '42')));
    expect(screen.getByTestId('seen')).toHaveTextContent('6');
    // Signing out leaves the admin app, which unmounts the provider.
    view.unmount();
    expect(source.closed).toBe(true);
  });

  it('asks for no ticket for a user without the shipment function, and the screens poll', async () => {
    signInAs({ functionList: [FunctionId.USER_MANAGEMENT] });
    const { client, api } = ticketClient({ status: 403, json: { status: -1 } });
    render(
      <LiveEventsProvider httpClient={client}>
        <Listener />
      </LiveEventsProvider>,
    );
    expect(await screen.findByText(/state: down/)).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
    expect(FakeEventSource.opened).toEqual([]);
  });

  it('stops asking when the ticket is refused (HTTP 403), and stays down', async () => {
    signInAs();
    const { client, api } = ticketClient({ status: 403, json: { status: -1 } });
    render(
      <LiveEventsProvider httpClient={client}>
        <Listener />
      </LiveEventsProvider>,
    );
    await waitFor(() => expect(api).toHaveBeenCalledTimes(1));
    expect(await screen.findByText(/state: down/)).toBeInTheDocument();
    expect(FakeEventSource.opened).toEqual([]);
  });
});
