import { describe, expect, it } from 'vitest';
import { CONTEXT } from '../../../src/domain/oneRecord/vocabulary';
import { shipmentIdOf, shipmentObjects } from '../../../src/domain/oneRecord/waybillObjects';
import { BASE, manifest, waybill } from './consolShipment';
import { ontologyProblems } from './ontology';

const { waybillId, objects } = shipmentObjects({ shipmentId: '815', waybill, manifest }, BASE);
const object = (id: string) => {
  const found = objects.get(id);
  if (!found) throw new Error(`no object ${id} among ${[...objects.keys()].join(', ')}`);
  return found as Record<string, unknown>;
};

describe('a shipment as ONE Record logistics objects (FWB mapping)', () => {
  it('serves the master Waybill with its number, locations, shipment, booking and charges', () => {
    expect(waybillId).toBe('815-waybill');
    const master = object('815-waybill');
    expect(master['@type']).toBe('cargo:Waybill');
    expect(master['cargo:waybillType']).toEqual({ '@id': 'cargo:MASTER' });
    expect(master['cargo:waybillPrefix']).toBe('006');
    expect(master['cargo:waybillNumber']).toBe('96667465');
    expect(master['cargo:departureLocation']).toEqual({ '@id': `${BASE}/logistics-objects/815-location-dfw` });
    expect(master['cargo:arrivalLocation']).toEqual({ '@id': `${BASE}/logistics-objects/815-location-fra` });
    expect(master['cargo:shipment']).toEqual({ '@id': `${BASE}/logistics-objects/815-shipment` });
    // CVD/USD/PP/PP/NVD/NCV: no declared values; OTH: three charges, prepaid, due carrier.
    expect(master['cargo:declaredValueForCarriage']).toBeUndefined();
    expect(master['cargo:otherCharges']).toHaveLength(3);
    expect((master['cargo:otherCharges'] as Record<string, unknown>[])[0]).toMatchObject({
      'cargo:otherChargeCode': { '@id': 'https://onerecord.iata.org/ns/code-lists/OtherChargeCode#MY' },
      'cargo:entitlement': { '@id': 'https://onerecord.iata.org/ns/code-lists/EntitlementCode#C' },
      'cargo:otherChargeAmount': { 'cargo:numericalValue': 196 },
    });
    const [line] = master['cargo:waybillLineItems'] as Record<string, unknown>[];
    expect(line).toMatchObject({ 'cargo:lineItemNumber': 1, 'cargo:rateClassCode': { '@id': 'https://onerecord.iata.org/ns/code-lists/RateClassCode#Q' } });
    expect((line['cargo:lineItemPackages'] as { 'cargo:pieceReferences': unknown[] }[])[0]['cargo:pieceReferences']).toHaveLength(4);
  });

  it('serves the shipment with one Piece per piece, its weight and the parties by role', () => {
    const shipment = object('815-shipment');
    expect(shipment['cargo:pieces']).toHaveLength(4);
    expect(shipment['cargo:totalGrossWeight']).toMatchObject({
      'cargo:numericalValue': 245,
      'cargo:unit': { '@id': expect.stringMatching(/MeasurementUnitCode#KGM$/) },
    });
    const roles = (shipment['cargo:involvedParties'] as { 'cargo:partyRole': { '@id': string } }[]).map(
      (party) => party['cargo:partyRole']['@id'].split('#')[1],
    );
    expect(roles).toEqual(['SHP', 'CNE', 'NFY', 'AGT']);
    expect(object('815-shipper')).toMatchObject({ '@type': 'cargo:Company', 'cargo:name': 'SEKO WORLDWIDE LLC - DALLAS' });
    expect(object('815-agent')).toMatchObject({ 'cargo:iataCargoAgentCode': '3360525', 'cargo:iataCargoAgentLocationIdentifier': '0151' });
    expect(object('815-piece-4')['cargo:specialHandlingCodes']).toContainEqual({ '@id': 'https://onerecord.iata.org/ns/code-lists/SpecialHandlingCode#EAW' });
    expect(object('815-security')).toMatchObject({
      'cargo:issuedOn': '2015-02-13T16:30:00Z',
      'cargo:regulatedEntityIssuer': { 'cargo:regulatedEntityIdentifier': 'RANUM123' },
    });
  });

  it('serves the flights as transport movements of the booking, and each house as a house Waybill of the master', () => {
    const booking = object('815-booking');
    const movements = (booking['cargo:activitySequences'] as { 'cargo:activity': { '@id': string } }[]).map((step) =>
      step['cargo:activity']['@id'].split('/').at(-1),
    );
    expect(movements).toEqual(['815-movement-1', '815-movement-2']);
    expect(object('815-movement-1')).toMatchObject({ 'cargo:transportIdentifier': 'DL8226E' });
    expect(object('815-movement-2')['cargo:departureLocation']).toEqual({ '@id': `${BASE}/logistics-objects/815-location-atl` });
    const houses = object('815-waybill')['cargo:houseWaybills'] as { '@id': string }[];
    expect(houses).toHaveLength(manifest.houses.length);
    expect(object('815-house-1-waybill')).toMatchObject({
      'cargo:waybillType': { '@id': 'cargo:HOUSE' },
      'cargo:masterWaybill': { '@id': `${BASE}/logistics-objects/815-waybill` },
    });
  });

  it('gives every object an id of its shipment, and every link one of the objects', () => {
    for (const [id, node] of objects) {
      expect(shipmentIdOf(id)).toBe('815');
      expect(node['@id']).toBe(`${BASE}/logistics-objects/${id}`);
    }
    const links = JSON.stringify([...objects.values()]).match(/"https:\/\/portal\.example\.com\/onerecord\/logistics-objects\/[^"]+"/g) ?? [];
    for (const link of links) {
      // An embedded object's id is the id of what holds it, then #: its holder is one of the objects.
      const [id, embedded] = JSON.parse(link).split('/').at(-1).split('#');
      expect(objects.has(id)).toBe(true);
      if (embedded !== undefined) expect(embedded).toMatch(/^[A-Za-z]+(-[a-z0-9]+)*(-[A-Za-z]+(-[a-z0-9]+)*)*$/);
    }
    expect(shipmentIdOf('815-waybill/../x')).toBeUndefined();
    expect(shipmentIdOf('0-waybill')).toBeUndefined();
  });

  it('gives every embedded object an id of its own, stable across revisions (API 2.3.0: a change names it)', () => {
    const shipment = object('815-shipment');
    expect((shipment['cargo:totalGrossWeight'] as { '@id': string })['@id']).toBe(`${BASE}/logistics-objects/815-shipment#totalGrossWeight`);
    const parties = shipment['cargo:involvedParties'] as { '@id': string }[];
    expect(parties.map((party) => party['@id'].split('#')[1])).toEqual(expect.arrayContaining(['involvedParties-shp', 'involvedParties-cne']));
    const location = object('815-shipper-location')['cargo:address'] as { '@id': string; 'cargo:country': { '@id': string } };
    expect(location['@id']).toBe(`${BASE}/logistics-objects/815-shipper-location#address`);
    expect(location['cargo:country']['@id']).toBe(`${BASE}/logistics-objects/815-shipper-location#address-country`);
    const ids = JSON.stringify([...objects.values()]).match(/"@id":"https:\/\/portal\.example\.com\/[^"]+#[^"]+"/g) ?? [];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('writes only classes, properties, codes and datatypes of the pinned ontologies', async () => {
    const document = { '@context': CONTEXT, '@graph': [...objects.values()] };
    expect(await ontologyProblems(document)).toEqual([]);
  });

  it('the ontology check finds what the ontologies do not know', async () => {
    const document = {
      '@context': CONTEXT,
      '@id': `${BASE}/logistics-objects/1-waybill`,
      '@type': 'cargo:Waybil',
      waybillNumbr: 'X',
      'cargo:waybillNumber': 12,
      'cargo:goodsDescription': 'as a string',
      'cargo:shipment': 'a literal',
      'cargo:weightValuationIndicator': { '@id': 'https://onerecord.iata.org/ns/code-lists/PrepaidCollectIndicator#X' },
    };
    // A term the context does not define: jsonld's safe mode refuses the document.
    await expect(ontologyProblems(document)).rejects.toThrow();
    const { waybillNumbr: _, ...known } = document;
    const problems = await ontologyProblems(known);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('unknown class https://onerecord.iata.org/ns/cargo#Waybil'),
        expect.stringContaining('waybillNumber: a http://www.w3.org/2001/XMLSchema#integer literal where the range is http://www.w3.org/2001/XMLSchema#string'),
        expect.stringContaining('shipment takes a link'),
        expect.stringContaining('no such code'),
      ]),
    );
  });

  it("the shape check finds what the ontologies' restrictions forbid", async () => {
    const document = {
      '@context': CONTEXT,
      '@graph': [
        // At most one waybill number (owl:maxCardinality 1).
        { '@id': `${BASE}/logistics-objects/1-waybill`, '@type': 'cargo:Waybill', 'cargo:waybillNumber': ['12345675', '12345686'] },
        // An event is for an object (owl:minCardinality 1).
        { '@id': `${BASE}/logistics-objects/1-shipment/logistics-events/1`, '@type': 'cargo:LogisticsEvent', 'cargo:eventName': 'Accepted' },
      ],
    };
    const problems = await ontologyProblems(document);
    expect(problems).toHaveLength(2);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^shape: \S+\/1-waybill https:\/\/onerecord.iata.org\/ns\/cargo#waybillNumber: More than 1 values/),
        expect.stringMatching(/^shape: \S+\/logistics-events\/1 https:\/\/onerecord.iata.org\/ns\/cargo#eventFor: Less than 1 values/),
      ]),
    );
  });
});
