import type { AirWaybill, CargoParty, HouseWaybill } from '../cargoMessages/model';
import type { ScreenedRole, ScreeningSubject } from './sanctionList';

/**
 * The texts of a shipment that sanction screening reads: the names and addresses of shipper,
 * consignee, also-notify party and agent, and the goods description; for a consolidation also
 * those of each house.
 */

function partySubjects(role: Exclude<ScreenedRole, 'Goods'>, party: CargoParty | undefined): ScreeningSubject[] {
  if (!party) return [];
  const country = { countryCode: party.countryCode };
  const address = [...party.streetAddress, party.place, party.stateProvince, party.postcode].filter(Boolean).join(', ');
  return [
    { role, kind: 'name', text: party.name, ...country },
    { role, kind: 'address', text: address, ...country },
  ];
}

export function waybillSubjects(waybill: AirWaybill): ScreeningSubject[] {
  const goods = waybill.rateLines.flatMap((rate) => rate.goods.flatMap((item) => (item.kind === 'NG' || item.kind === 'NC' ? [item.text] : [])));
  return [
    ...partySubjects('Shipper', waybill.shipper),
    ...partySubjects('Consignee', waybill.consignee),
    ...partySubjects('Notify', waybill.notify),
    ...(waybill.agent
      ? [
          { role: 'Agent', kind: 'name', text: waybill.agent.name } satisfies ScreeningSubject,
          { role: 'Agent', kind: 'address', text: waybill.agent.place } satisfies ScreeningSubject,
        ]
      : []),
    ...(goods.length > 0 ? [{ role: 'Goods', kind: 'goods', text: goods.join(' ') } satisfies ScreeningSubject] : []),
  ];
}

export function houseSubjects(house: HouseWaybill): ScreeningSubject[] {
  const goods = [house.manifestDescription, ...house.goodsDescription].join(' ');
  return [...partySubjects('Shipper', house.shipper), ...partySubjects('Consignee', house.consignee), { role: 'Goods', kind: 'goods', text: goods }];
}
