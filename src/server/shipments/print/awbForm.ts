import type { ShipmentData } from '../detail';
import { box, footer, formatDateTime, PAGE, partyLines, printable, renderPdf, type Pdf } from './pdfDocument';

/**
 * The air waybill form (laser, PDF neutral, neutral, and the stored AWB copy). The fields sit where
 * the IATA layout puts them; `frame: false` prints the data alone, for pre-printed neutral stock.
 */
export interface AwbFormOptions {
  frame: boolean;
  /** The issuing carrier's name on a carrier (laser) AWB; absent on neutral ones. */
  carrierName?: string;
  copyLabel: string;
}

export const COPIES_ARE_ORIGINALS = 'Copies 1, 2 and 3 of this Air Waybill are originals and have the same validity.';

const money = (value: unknown) => (typeof value === 'number' ? value.toFixed(2) : '');

export function drawAwbForm(doc: Pdf, data: ShipmentData, options: AwbFormOptions): void {
  const m = PAGE.margin;
  const full = PAGE.width - 2 * m;
  const half = full / 2;
  const frame = options.frame;
  const rate = data.Rate ?? {};
  const charges = data.Charges ?? {};
  const declaration = data.Declaration ?? {};
  const currency = String(rate.currency ?? 'USD');
  const paymentMode = String(charges.paymentMode ?? 'PP');
  const legs = data.Routing;

  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .fillColor('#000000')
    .text(printable(`${data.AWBPrefix}  ${data.Origin}  ${data.AWBSuffix}`), m, m, { width: half });
  if (frame) {
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(printable(options.carrierName ? `${options.carrierName}` : 'Not Negotiable'), m + half, m, { width: half, align: 'right' });
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(options.carrierName ? 'Not Negotiable - Air Waybill' : 'Air Waybill (neutral)', m + half, m + 16, { width: half, align: 'right' });
  }
  let y = m + 32;
  box(doc, m, y, half, 70, { frame, label: "Shipper's Name and Address", lines: partyLines(data.Shipper) });
  // The form's legal sentence stands under the issuer, as on the IATA form; the Notify box holds only the notify party.
  box(doc, m + half, y, half, 70, {
    frame,
    label: 'Issued by',
    lines: [options.carrierName ?? '', `AWB ${data.AWBNumber}`, COPIES_ARE_ORIGINALS],
  });
  y += 70;
  box(doc, m, y, half, 70, { frame, label: "Consignee's Name and Address", lines: partyLines(data.Consignee) });
  box(doc, m + half, y, half, 70, {
    frame,
    label: 'Notify',
    lines: data.Notify ? partyLines(data.Notify) : [],
  });
  y += 70;
  box(doc, m, y, half, 34, { frame, label: "Issuing Carrier's Agent Name and City", lines: [data.Agent?.name ?? '', data.Agent?.city ?? ''] });
  box(doc, m + half, y, half, 34, { frame, label: 'Accounting Information', lines: [`${paymentMode === 'CC' ? 'FREIGHT COLLECT' : 'FREIGHT PREPAID'}`] });
  y += 34;
  box(doc, m, y, half / 2, 24, { frame, label: "Agent's IATA Code", lines: [data.Agent?.iataCode ?? ''] });
  box(doc, m + half / 2, y, half / 2, 24, { frame, label: 'Account No.', lines: [data.Agent?.accountNumber ?? ''] });
  box(doc, m + half, y, half, 24, { frame, label: 'Optional Shipping Information', lines: [data.HsCodes.length ? `HS ${data.HsCodes.join(', ')}` : ''] });
  y += 24;
  box(doc, m, y, full, 24, {
    frame,
    label: 'Airport of Departure (Addr. of First Carrier) and Requested Routing',
    lines: [`${data.Origin} ${legs.map((leg) => `${leg.from}-${leg.to}`).join(' / ')}`],
  });
  y += 24;
  const cell = full / 10;
  const routingCells: [string, string][] = [
    ['To', legs[0]?.to ?? data.Destination],
    ['By First Carrier', legs[0]?.carrier ?? ''],
    ['To', legs[1]?.to ?? ''],
    ['By', legs[1]?.carrier ?? ''],
    ['Currency', currency],
    ['WT/VAL', paymentMode],
    ['Other', paymentMode],
    ['Decl. Val. Carriage', String(declaration.valueForCarriage ?? 'NVD')],
    ['Decl. Val. Customs', String(declaration.valueForCustoms ?? 'NCV')],
    ['Insurance', String(declaration.insurance ?? 'XXX')],
  ];
  routingCells.forEach(([label, value], index) => {
    box(doc, m + index * cell, y, cell, 26, { frame, label, lines: [value] });
  });
  y += 26;
  box(doc, m, y, half, 24, { frame, label: 'Airport of Destination', lines: [data.Destination] });
  box(doc, m + half, y, half, 24, { frame, label: 'Requested Flight/Date', lines: [legs.map((leg) => `${leg.flightNumber}/${leg.date}`).join('  ')] });
  y += 24;
  box(doc, m, y, full, 44, {
    frame,
    label: 'Handling Information',
    lines: [
      data.SpecialHandlingCodes.length ? `SHC ${data.SpecialHandlingCodes.join('/')}` : '',
      data.OperatorRemarks,
      data.Security ? `Security status ${String(data.Security.status ?? '')}` : '',
    ],
  });
  y += 44;
  const widths = [0.07, 0.1, 0.05, 0.07, 0.11, 0.1, 0.12, 0.38].map((share) => share * full);
  const titles = [
    'Pieces RCP',
    'Gross Weight',
    'kg lb',
    'Rate Class',
    'Chargeable Weight',
    'Rate / Charge',
    'Total',
    'Nature and Quantity of Goods (incl. Dimensions or Volume)',
  ];
  const dimensions = data.Dimensions.map(
    (dimension) =>
      `${String(dimension.pieces ?? '')} x ${String(dimension.lengthCm ?? '')}x${String(dimension.widthCm ?? '')}x${String(dimension.heightCm ?? '')} cm`,
  );
  const values = [
    [String(data.Pieces)],
    [data.Weight.toFixed(1)],
    ['K'],
    [String(rate.rateClass ?? '')],
    [String(rate.chargeableWeightKg ?? '')],
    [money(rate.rate)],
    [money(rate.total)],
    [data.GoodsDescription, ...dimensions, data.Volume !== null ? `Volume ${data.Volume.toFixed(3)} m3` : ''],
  ];
  let x = m;
  widths.forEach((width, index) => {
    box(doc, x, y, width, 104, { frame, label: titles[index], lines: values[index] });
    x += width;
  });
  y += 104;
  const quarter = full / 4;
  const prepaid = paymentMode !== 'CC';
  const chargeRows: [string, string][] = [
    ['Weight Charge', money(charges.prepaidWeightCharge)],
    ['Valuation Charge', ''],
    ['Tax', ''],
    ['Total Other Charges Due Carrier', money(charges.otherChargesDueCarrier)],
  ];
  chargeRows.forEach(([label, value], index) => {
    box(doc, m, y + index * 22, quarter, 22, { frame, label: `${label} (Prepaid)`, lines: [prepaid ? value : ''] });
    box(doc, m + quarter, y + index * 22, quarter, 22, { frame, label: `${label} (Collect)`, lines: [prepaid ? '' : value] });
  });
  const total =
    (typeof charges.prepaidWeightCharge === 'number' ? charges.prepaidWeightCharge : 0) +
    (typeof charges.otherChargesDueCarrier === 'number' ? charges.otherChargesDueCarrier : 0);
  box(doc, m + half, y, half, 44, {
    frame,
    label: "Shipper's Certification",
    lines: ['Shipper certifies that the particulars on the face hereof are correct.', `Signature of Shipper or his Agent: ${data.Shipper.name}`],
  });
  box(doc, m + half, y + 44, half, 44, {
    frame,
    label: 'Executed on (date) at (place)',
    lines: [`${formatDateTime(data.MessageDate)} at ${data.Origin}`, 'Signature of Issuing Carrier or its Agent'],
  });
  y += 88;
  box(doc, m, y, quarter, 24, { frame, label: 'Total Prepaid', lines: [prepaid ? `${currency} ${total.toFixed(2)}` : ''] });
  box(doc, m + quarter, y, quarter, 24, { frame, label: 'Total Collect', lines: [prepaid ? '' : `${currency} ${total.toFixed(2)}`] });
  box(doc, m + half, y, half, 24, { frame, label: 'Status', lines: [`${data.Status} (last change ${formatDateTime(data.UpdateDT)})`] });
  if (frame) footer(doc, `${options.copyLabel} - AWB ${data.AWBNumber}`);
}

export function renderAwbForm(data: ShipmentData, options: AwbFormOptions, subject: string): Promise<Buffer> {
  return renderPdf({ title: `Air Waybill ${data.AWBNumber}`, subject }, (doc) => drawAwbForm(doc, data, options));
}
