import type { LiveEvent } from '../../../domain/liveEvents';

/**
 * A stand-in for the browser's EventSource in component specs: each instance is kept in `opened`,
 * and the spec plays the server: `ready`, `reset`, events, errors (not part of the app bundle).
 */
export class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  readyState = 0;
  closed = false;

  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }

  static reset(): void {
    FakeEventSource.opened = [];
  }

  /** The newest instance still open. */
  static current(): FakeEventSource | undefined {
    return FakeEventSource.opened.filter((source) => !source.closed).at(-1);
  }

  close(): void {
    this.closed = true;
    this.readyState = 2;
  }

  ready(id: string): void {
    this.readyState = 1;
    this.dispatchEvent(new MessageEvent('ready', { data: '{}', lastEventId: id }));
  }

  resetEvent(id: string): void {
    this.dispatchEvent(new MessageEvent('reset', { data: '{}', lastEventId: id }));
  }

  send(event: LiveEvent): void {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(event), lastEventId: event.id }));
  }

  fail(): void {
    this.dispatchEvent(new Event('error'));
  }
}

/** An event of `kind` about shipment `shipmentId`, as the server sends it. */
export function liveEvent(id: number, kind: string, shipmentId: string | null, overrides: Partial<LiveEvent> = {}): LiveEvent {
  return {
    id: String(id),
    kind,
    shipmentId,
    awb: shipmentId ? '160-12345675' : null,
    status: 'Accept',
    by: 'Ann Operator',
    at: '2026-11-26T02:41:07.000Z',
    detail: {},
    ...overrides,
  };
}
