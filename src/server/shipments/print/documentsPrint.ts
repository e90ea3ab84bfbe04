import { consolidationTotals, formatKg } from '../../../domain/consolidation';
import type { ShipmentStatus } from '../../../domain/shipmentStatus';
import { AUTO_ACCEPT_USER } from '../../compliance/autoAccept';
import type { ShipmentData } from '../detail';
import { box, CONTENT_WIDTH, facts, footer, formatDateTime, heading, PAGE, partyLines, renderPdf, table, type Column, type Pdf } from './pdfDocument';

/** Cargo receipt, eCSD, consolidation manifest, house AWBs and the pouch cover sheet. */

type House = ShipmentData['Houses'][number];

const houseColumns: Column<House>[] = [
  { title: 'HAWB', width: 70, value: (house) => house.hawbNumber },
  { title: 'Pieces', width: 40, value: (house) => house.pieces, align: 'right' },
  { title: 'Weight kg', width: 55, value: (house) => house.weightKg.toFixed(1), align: 'right' },
  { title: 'Nature of Goods', width: 130, value: (house) => house.description },
  { title: 'Shipper', width: 122, value: (house) => house.shipper },
  { title: 'Consignee', width: 122, value: (house) => house.consignee },
];

/** The goods are received once the shipment is accepted (Accept, or Submit: accepted and sent on). */
const RECEIVED_STATUSES: readonly ShipmentStatus[] = ['Accept', 'Submit'];

/** A cargo receipt is a receipt only for accepted goods; before that it prints as a draft to preview. */
export function cargoReceiptIsDraft(status: ShipmentStatus): boolean {
  return !RECEIVED_STATUSES.includes(status);
}

/** 'DRAFT' across the page, light, under everything drawn after it. */
function draftWatermark(doc: Pdf): void {
  doc.save();
  doc.rotate(-40, { origin: [PAGE.width / 2, PAGE.height / 2] });
  doc
    .font('Helvetica-Bold')
    .fontSize(120)
    .fillColor('#e6e6e6')
    .text('DRAFT', 0, PAGE.height / 2 - 60, { width: PAGE.width, align: 'center', lineBreak: false });
  doc.restore();
}

/** The shipment's acceptance as its history holds it (the user is 'system' when accepted automatically). */
export interface Acceptance {
  at: Date;
  companyName: string;
  userId: string | null;
}

/** Who printed it, and when. */
export interface Printing {
  companyName: string;
  userId: string;
  now: Date;
}

function acceptedBy(acceptance: Acceptance): string {
  if (acceptance.userId === AUTO_ACCEPT_USER) return `${acceptance.companyName} (accepted automatically)`;
  return acceptance.userId ? `${acceptance.companyName} (${acceptance.userId})` : acceptance.companyName;
}

/**
 * The cargo receipt. Once accepted it is the receipt of the acceptance: who accepted the goods and
 * when (the history's latest acceptance), not who prints it when (an earlier version dated a receipt
 * of the 15th with the day it was printed). For a shipment not accepted it is a draft: marked so in
 * its heading, across the page and in its footer, saying the goods were not received, with no receipt
 * wording and no signatures.
 */
export function renderCargoReceipt(data: ShipmentData, printing: Printing, acceptance: Acceptance | undefined): Promise<Buffer> {
  const draft = cargoReceiptIsDraft(data.Status);
  const title = draft ? 'Cargo Receipt - DRAFT - not accepted' : 'Cargo Receipt';
  const printed = `Printed by ${printing.companyName} (${printing.userId}) at ${formatDateTime(printing.now.toISOString())}`;
  return renderPdf({ title: `${title} ${data.AWBNumber}`, subject: 'Cargo Receipt' }, (doc) => {
    if (draft) draftWatermark(doc);
    const when = draft || !acceptance ? `printed ${formatDateTime(printing.now.toISOString())}` : `received ${formatDateTime(acceptance.at.toISOString())}`;
    heading(doc, title, `Air Waybill ${data.AWBNumber} - ${when}`);
    let y = facts(doc, [
      ['Air Waybill', data.AWBNumber],
      ['Status', data.Status],
      ['Origin', data.Origin],
      ['Destination', data.Destination],
      ['Pieces', data.Pieces],
      ['Gross Weight', `${data.Weight.toFixed(1)} kg`],
      ['Volume', data.Volume !== null ? `${data.Volume.toFixed(3)} m3` : ''],
      ['Special Handling', data.SpecialHandlingCodes.join('/')],
      ['Flight', data.Routing.map((leg) => `${leg.flightNumber} ${leg.date} ${leg.from}-${leg.to}`).join(', ')],
      ['Nature of Goods', data.GoodsDescription],
    ]);
    y += 8;
    const half = CONTENT_WIDTH / 2;
    box(doc, PAGE.margin, y, half, 70, { label: 'Shipper', lines: partyLines(data.Shipper) });
    box(doc, PAGE.margin + half, y, half, 70, { label: 'Consignee', lines: partyLines(data.Consignee) });
    y += 78;
    if (draft) {
      box(doc, PAGE.margin, y, CONTENT_WIDTH, 56, {
        label: 'Not received',
        bold: true,
        lines: [
          `DRAFT - not accepted: this shipment's status is ${data.Status}. This is a preview, not a receipt for the goods.`,
          'The cargo receipt can be issued once the shipment is accepted.',
          printed,
        ],
      });
      footer(doc, `Cargo Receipt DRAFT (not accepted) - AWB ${data.AWBNumber}`);
      return;
    }
    box(doc, PAGE.margin, y, CONTENT_WIDTH, 56, {
      label: 'Received',
      lines: acceptance
        ? [
            `The goods described above were received in apparent good order and condition by ${acceptedBy(acceptance)}.`,
            `Receipt time: ${formatDateTime(acceptance.at.toISOString())}`,
            printed,
          ]
        : [
            // Accepted before the history recorded acceptances: the receipt cannot say when.
            'The goods described above were received in apparent good order and condition.',
            'Receipt time: not recorded in the shipment history',
            printed,
          ],
    });
    y += 64;
    box(doc, PAGE.margin, y, half, 50, { label: 'Signature of receiving agent', lines: [] });
    box(doc, PAGE.margin + half, y, half, 50, { label: 'Signature of shipper or agent', lines: [] });
    footer(doc, `Cargo Receipt - AWB ${data.AWBNumber}`);
  });
}

export function renderEcsd(data: ShipmentData, now: Date): Promise<Buffer> {
  const security = data.Security ?? {};
  return renderPdf({ title: `eCSD ${data.AWBNumber}`, subject: 'Consignment Security Declaration' }, (doc) => {
    heading(doc, 'Consignment Security Declaration (eCSD)', `Air Waybill ${data.AWBNumber}`);
    let y = facts(doc, [
      ['Regulated Entity Category and Identifier', `RA ${String(security.regulatedAgent ?? data.Agent?.iataCode ?? '')}`],
      ['Unique Consignment Identifier', data.AWBNumber],
      ['Origin', data.Origin],
      ['Destination', data.Destination],
      [
        'Transfer / Transit Points',
        data.Routing.slice(0, -1)
          .map((leg) => leg.to)
          .join(', ') || 'None',
      ],
      ['Security Status', String(security.status ?? '')],
      ['Received From (Reasons for Issuing)', `Screened by regulated agent ${String(security.regulatedAgent ?? data.Agent?.iataCode ?? '')}`],
      ['Screening Method', String(security.screeningMethod ?? '')],
      // The FWB's SE entries; a shipment stored before they were kept, or without any, has none.
      ['Grounds for Exemption', String(security.exemptions || 'None')],
      ['Contents of Consignment', data.GoodsDescription],
      ['Pieces / Weight', `${data.Pieces} pcs / ${data.Weight.toFixed(1)} kg`],
      ['Issued On', formatDateTime(now.toISOString())],
    ]);
    y += 10;
    doc.font('Helvetica-Bold').fontSize(9).text('Persons responsible', PAGE.margin, y);
    table(
      doc,
      [
        { title: 'ID or Licence', width: 130, value: (person: ShipmentData['Persons'][number]) => person.idOrLicense },
        { title: 'Name', width: 170, value: (person) => person.name },
        { title: 'Station', width: 80, value: (person) => person.stationCode },
        { title: 'Verifier', width: 159, value: (person) => person.verifier },
      ],
      data.Persons,
      y + 14,
    );
    footer(doc, `eCSD - AWB ${data.AWBNumber}`);
  });
}

export function renderConsolManifest(data: ShipmentData): Promise<Buffer> {
  return renderPdf({ title: `Consolidation Manifest ${data.AWBNumber}`, subject: 'House Manifest' }, (doc) => {
    heading(doc, 'Consolidation Manifest', `Master Air Waybill ${data.AWBNumber} - ${data.Origin} to ${data.Destination}`);
    const y = facts(doc, [
      ['Consolidator', data.Agent?.name ?? ''],
      ['Flight', data.Routing.map((leg) => `${leg.flightNumber} ${leg.date}`).join(', ')],
      ['Master Pieces', data.Pieces],
      ['Master Weight', `${data.Weight.toFixed(1)} kg`],
    ]);
    if (data.Houses.length === 0) {
      doc
        .font('Helvetica')
        .fontSize(9)
        .text('This shipment is not a consolidation: it has no house air waybills.', PAGE.margin, y + 12);
    } else {
      table(doc, houseColumns, data.Houses, y + 12);
      manifestTotals(doc, data);
    }
    footer(doc, `Consolidation Manifest - MAWB ${data.AWBNumber}`);
  });
}

/** The houses' totals under the manifest, the master's beside them, and a warning when they differ. */
function manifestTotals(doc: Pdf, data: ShipmentData): void {
  const totals = consolidationTotals({ pieces: data.Pieces, weightKg: data.Weight }, data.Houses);
  if (!totals) return;
  // Room for the three lines, or they go on a page of their own with the table's end.
  if (doc.y + 40 > PAGE.height - PAGE.margin - 20) doc.addPage();
  const { houses, master, difference } = totals;
  doc.font('Helvetica-Bold').fontSize(8).fillColor('#000000');
  doc.text(`Houses total: ${houses.count} house(s), ${houses.pieces} pcs / ${formatKg(houses.weightKg)} kg`, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  doc.text(`Master air waybill: ${master.pieces} pcs / ${formatKg(master.weightKg)} kg`, { width: CONTENT_WIDTH });
  if (totals.agrees) {
    doc.font('Helvetica').text('The house air waybills add up to the master air waybill.', { width: CONTENT_WIDTH });
  } else {
    doc
      .fillColor('#b00020')
      .text(
        `WARNING: the house air waybills do not add up to the master air waybill - difference ${difference.pieces} pcs / ${formatKg(difference.weightKg)} kg.`,
        { width: CONTENT_WIDTH },
      );
  }
  doc.fillColor('#000000');
}

export function renderHouseAwbs(data: ShipmentData): Promise<Buffer> {
  return renderPdf({ title: `House Air Waybills ${data.AWBNumber}`, subject: 'House AWB' }, (doc) => {
    data.Houses.forEach((house, index) => {
      if (index > 0) doc.addPage();
      heading(doc, `House Air Waybill ${house.hawbNumber}`, `Master Air Waybill ${data.AWBNumber}`);
      facts(doc, [
        ['House Air Waybill', house.hawbNumber],
        ['Master Air Waybill', data.AWBNumber],
        ['Shipper', house.shipper],
        ['Consignee', house.consignee],
        ['Origin', data.Origin],
        ['Destination', data.Destination],
        ['Pieces', house.pieces],
        ['Weight', `${house.weightKg.toFixed(1)} kg`],
        ['Nature of Goods', house.description],
        ['Issued by', data.Agent?.name ?? ''],
      ]);
      footer(doc, `House AWB ${house.hawbNumber} - MAWB ${data.AWBNumber}`);
    });
    if (data.Houses.length === 0) heading(doc, 'House Air Waybills', `Master Air Waybill ${data.AWBNumber} has no house air waybills.`);
  });
}

export function renderPouchCover(
  data: ShipmentData,
  pouch: { fileName: string; pouchKind: string; remarks: string; updatedOn: string; userId: string },
): Promise<Buffer> {
  return renderPdf({ title: `${pouch.pouchKind === 'forwarder' ? 'Forwarder' : 'Airline'} Pouch ${data.AWBNumber}`, subject: 'Pouch' }, (doc) => {
    heading(doc, `${pouch.pouchKind === 'forwarder' ? 'Forwarder' : 'Airline'} Pouch`, `Air Waybill ${data.AWBNumber}`);
    facts(doc, [
      ['Air Waybill', data.AWBNumber],
      ['Route', `${data.Origin} - ${data.Destination}`],
      ['Contents', pouch.remarks || 'Shipment documents'],
      ['Placed in the pouch', `${formatDateTime(pouch.updatedOn)} by ${pouch.userId}`],
      ['Shipper', data.Shipper.name],
      ['Consignee', data.Consignee.name],
    ]);
    footer(doc, `${pouch.fileName}`);
  });
}
