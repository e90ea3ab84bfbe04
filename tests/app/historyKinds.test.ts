import { describe, expect, it } from 'vitest';
import { appMessages } from '../../src/app/i18n/en';
import { SHIPMENT_EVENT_KINDS } from '../../src/domain/shipmentEvents';

// Issue 36, 7: the History tab names every kind of line in words; "LEND" and "TAKE_BACK" showed as raw codes.
describe('the history kinds', () => {
  it('has words for every kind of line the server writes (shipment_events.kind is typed by the same list)', () => {
    const kinds = appMessages.app.shipments.history.kinds as Record<string, string>;
    expect(SHIPMENT_EVENT_KINDS.filter((kind) => !kinds[kind])).toEqual([]);
    expect([kinds.LEND, kinds.TAKE_BACK]).toEqual(['Lent', 'Taken back']);
  });
});
