import { describe, expect, it } from 'vitest';
import { currentObjects } from '../../../src/server/oneRecord/objects';
import type { ShipmentRow } from '../../../src/server/shipments/shipmentRecord';
import { BASE, manifest, waybill } from '../../domain/oneRecord/consolShipment';

/** A shipment row as the shipment cache holds it: what the mapping reads of it. */
const rowOf = () => ({ shipment_id: '815', waybill, house_manifest: manifest, message_date: new Date('2026-11-02T10:00:00Z') }) as unknown as ShipmentRow;
const revisions = { at: [new Date('2026-11-02T10:00:00Z')] };

describe("a shipment row's logistics objects (objects.ts)", () => {
  it('are kept from the second mapping of a row, so that a shipment read once leaves nothing behind', () => {
    const row = rowOf();
    const first = currentObjects(row, revisions, BASE).objects;
    const second = currentObjects(row, revisions, BASE).objects;
    const third = currentObjects(row, revisions, BASE).objects;
    expect(second).not.toBe(first);
    expect(third).toBe(second);
    expect([...third.keys()]).toEqual([...first.keys()]);
    expect(third.get('815-waybill')).toEqual(first.get('815-waybill'));
  });

  it('are not shared by another row of the same shipment (a change gives the cache a new row) nor across bases', () => {
    const row = rowOf();
    currentObjects(row, revisions, BASE);
    const kept = currentObjects(row, revisions, BASE).objects;
    const newer = rowOf();
    currentObjects(newer, revisions, BASE);
    expect(currentObjects(newer, revisions, BASE).objects).not.toBe(kept);
    const elsewhere = currentObjects(row, revisions, 'https://other.example.com/onerecord').objects;
    expect(elsewhere).not.toBe(kept);
    expect(elsewhere.get('815-waybill')?.['@id']).toBe('https://other.example.com/onerecord/logistics-objects/815-waybill');
  });

  it('carry the revision they are asked at', () => {
    const row = rowOf();
    const twice = { at: [new Date('2026-11-02T10:00:00Z'), new Date('2026-11-03T08:30:00Z')] };
    expect(currentObjects(row, twice, BASE)).toMatchObject({ revision: 2, latestRevision: 2, lastModified: twice.at[1] });
  });
});
