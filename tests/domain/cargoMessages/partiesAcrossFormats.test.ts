import { describe, expect, it } from 'vitest';
import {
  describeFault,
  readFhl,
  readFwb,
  readXfhl,
  readXfwb,
  type CargoAgent,
  type CargoParty,
  type MessageFault,
  type ParseOutcome,
} from '../../../src/domain/cargoMessages';

/**
 * One shipment sent twice, as a Cargo-IMP FWB (and FHL) and as Cargo-XML XFWB (and XFHL), with
 * parties written the awkward ways each syntax allows: lower case, a name in two pieces, a street
 * too long for one line, a blank or missing postcode, contact numbers and an e-mail address.
 * Both readings must give the same parties, and the same model where both formats carry the data.
 */

function acceptedValue<T>(outcome: ParseOutcome<T>): T {
  if (!outcome.ok) throw new Error(outcome.faults.map(describeFault).join('\n'));
  return outcome.value;
}

function faultsOf<T>(outcome: ParseOutcome<T>): MessageFault[] {
  if (outcome.ok) throw new Error('expected the message to be refused');
  return outcome.faults;
}

/** A fault as both syntaxes word it: the Cargo-XML reader puts the element's path first. */
const plainFault = (fault: MessageFault) => ({ code: fault.code, reason: fault.reason.replace(/^[A-Za-z/]+: /, '') });

const FWB_LINES = [
  'FWB/16',
  '160-12345675HKGFRA/T2K30.5',
  'SHP/hk-778899',
  '/Pacific Electronics Company Limited',
  '/UNIT 1203, HARBOUR INDUSTRIAL',
  '/CENTRE, 10 LEE HING STREET',
  '/kowloon bay',
  '/hk//te/+852 2345 6789',
  'CNE',
  '/RHINE COMPONENTS GMBH',
  '/CARGO CITY SOUTH, BUILDING 556',
  '/FRANKFURT AM MAIN/HE',
  '/DE/60549/TE/4969123456/FX/4969123457',
  '/EM/OPS@RHINE-COMP.EXAMPLE',
  'AGT/0098765/1234567/0001',
  '/SKYLINE FORWARDING',
  '/HONG KONG',
  'NFY/MR. ALSO NOTIFY',
  '/5 NOTIFY LANE',
  '/SEOUL',
  '/KR',
  'CVD/HKD/PP/PP/NVD/NCV/XXX',
  'RTD/1/P2/K30.5/CQ/W31/R12.5/T387.5',
  '/NG/ELECTRONIC PARTS',
  'ISU/03MAR24/HONG KONG/J CHAN',
];
const FWB = FWB_LINES.join('\n');

/** The same shipper as SHP above: its name in two pieces, one street too long for a line, an empty postcode. */
const XML_SHIPPER = `
      <ram:AccountID>hk-778899</ram:AccountID>
      <ram:Name>Pacific Electronics</ram:Name>
      <ram:Name>Company Limited</ram:Name>
      <ram:PostalStructuredAddress>
        <ram:PostcodeCode></ram:PostcodeCode>
        <ram:StreetName>Unit 1203, Harbour Industrial Centre, 10 Lee Hing Street</ram:StreetName>
        <ram:CityName>Kowloon Bay</ram:CityName>
        <ram:CountryID>hk</ram:CountryID>
      </ram:PostalStructuredAddress>
      <ram:DefinedTradeContact>
        <ram:DirectTelephoneCommunication>
          <ram:CompleteNumber>+852 2345 6789</ram:CompleteNumber>
        </ram:DirectTelephoneCommunication>
      </ram:DefinedTradeContact>`;

/** The same consignee as CNE above: its name broken over two lines of the document, a lower-case e-mail. */
const XML_CONSIGNEE = `
      <ram:Name>Rhine Components
        GmbH</ram:Name>
      <ram:PostalStructuredAddress>
        <ram:PostcodeCode> 60549 </ram:PostcodeCode>
        <ram:StreetName>Cargo City South, Building 556</ram:StreetName>
        <ram:CityName>Frankfurt am Main</ram:CityName>
        <ram:CountryID>DE</ram:CountryID>
        <ram:CountrySubDivisionID>he</ram:CountrySubDivisionID>
      </ram:PostalStructuredAddress>
      <ram:DefinedTradeContact>
        <ram:DirectTelephoneCommunication>
          <ram:CompleteNumber>4969123456</ram:CompleteNumber>
        </ram:DirectTelephoneCommunication>
        <ram:FaxCommunication>
          <ram:CompleteNumber>4969123457</ram:CompleteNumber>
        </ram:FaxCommunication>
        <ram:URIEmailCommunication>
          <ram:URIID>ops@rhine-comp.example</ram:URIID>
        </ram:URIEmailCommunication>
      </ram:DefinedTradeContact>`;

const XFWB = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:WaybillMessage xmlns:rsm="iata:waybill:1" xmlns:ram="iata:datamodel:3">
  <rsm:BusinessHeaderDocument>
    <ram:ID>160-12345675</ram:ID>
    <ram:SignatoryCarrierAuthentication>
      <ram:ActualDateTime>2024-03-03T00:00:00</ram:ActualDateTime>
      <ram:Signatory>J CHAN</ram:Signatory>
      <ram:IssueAuthenticationLocation>
        <ram:Name>HONG KONG</ram:Name>
      </ram:IssueAuthenticationLocation>
    </ram:SignatoryCarrierAuthentication>
  </rsm:BusinessHeaderDocument>
  <rsm:MasterConsignment>
    <ram:NilCarriageValueIndicator>true</ram:NilCarriageValueIndicator>
    <ram:NilCustomsValueIndicator>true</ram:NilCustomsValueIndicator>
    <ram:NilInsuranceValueIndicator>true</ram:NilInsuranceValueIndicator>
    <ram:TotalChargePrepaidIndicator>true</ram:TotalChargePrepaidIndicator>
    <ram:TotalDisbursementPrepaidIndicator>true</ram:TotalDisbursementPrepaidIndicator>
    <ram:IncludedTareGrossWeightMeasure unitCode="KGM">30.5</ram:IncludedTareGrossWeightMeasure>
    <ram:TotalPieceQuantity>2</ram:TotalPieceQuantity>
    <ram:ConsignorParty>${XML_SHIPPER}
    </ram:ConsignorParty>
    <ram:ConsigneeParty>${XML_CONSIGNEE}
    </ram:ConsigneeParty>
    <ram:FreightForwarderParty>
      <ram:AccountID>0098765</ram:AccountID>
      <ram:Name>Skyline Forwarding</ram:Name>
      <ram:CargoAgentID>1234567</ram:CargoAgentID>
      <ram:FreightForwarderAddress>
        <ram:CityName>Hong Kong</ram:CityName>
      </ram:FreightForwarderAddress>
      <ram:SpecifiedCargoAgentLocation>
        <ram:ID>0001</ram:ID>
      </ram:SpecifiedCargoAgentLocation>
    </ram:FreightForwarderParty>
    <ram:AssociatedParty>
      <ram:AccountID>NTF-1</ram:AccountID>
      <ram:Name>Mr. Also Notify</ram:Name>
      <ram:RoleCode>NI</ram:RoleCode>
      <ram:PostalStructuredAddress>
        <ram:StreetName>5 Notify Lane</ram:StreetName>
        <ram:StreetName></ram:StreetName>
        <ram:CityName>Seoul</ram:CityName>
        <ram:CountryID>KR</ram:CountryID>
      </ram:PostalStructuredAddress>
    </ram:AssociatedParty>
    <ram:OriginLocation>
      <ram:ID>HKG</ram:ID>
    </ram:OriginLocation>
    <ram:FinalDestinationLocation>
      <ram:ID>FRA</ram:ID>
    </ram:FinalDestinationLocation>
    <ram:ApplicableOriginCurrencyExchange>
      <ram:SourceCurrencyCode>HKD</ram:SourceCurrencyCode>
    </ram:ApplicableOriginCurrencyExchange>
    <ram:ApplicableLogisticsServiceCharge>
      <ram:TransportPaymentMethodCode>PP</ram:TransportPaymentMethodCode>
    </ram:ApplicableLogisticsServiceCharge>
    <ram:ApplicableRating>
      <ram:IncludedMasterConsignmentItem>
        <ram:GrossWeightMeasure unitCode="KGM">30.5</ram:GrossWeightMeasure>
        <ram:PieceQuantity>2</ram:PieceQuantity>
        <ram:NatureIdentificationTransportCargo>
          <ram:Identification>ELECTRONIC PARTS</ram:Identification>
        </ram:NatureIdentificationTransportCargo>
        <ram:ApplicableFreightRateServiceCharge>
          <ram:CategoryCode>Q</ram:CategoryCode>
          <ram:ChargeableWeightMeasure unitCode="KGM">31</ram:ChargeableWeightMeasure>
          <ram:AppliedRate>12.5</ram:AppliedRate>
          <ram:AppliedAmount currencyID="HKD">387.5</ram:AppliedAmount>
        </ram:ApplicableFreightRateServiceCharge>
      </ram:IncludedMasterConsignmentItem>
    </ram:ApplicableRating>
  </rsm:MasterConsignment>
</rsm:WaybillMessage>
`;

const SHIPPER: CargoParty = {
  accountNumber: 'HK-778899',
  name: 'PACIFIC ELECTRONICS COMPANY LIMITED',
  streetAddress: ['UNIT 1203, HARBOUR INDUSTRIAL', 'CENTRE, 10 LEE HING STREET'],
  place: 'KOWLOON BAY',
  countryCode: 'HK',
  contacts: [{ type: 'TE', number: '+852 2345 6789' }],
};
const CONSIGNEE: CargoParty = {
  name: 'RHINE COMPONENTS GMBH',
  streetAddress: ['CARGO CITY SOUTH, BUILDING 556'],
  place: 'FRANKFURT AM MAIN',
  stateProvince: 'HE',
  countryCode: 'DE',
  postcode: '60549',
  contacts: [
    { type: 'TE', number: '4969123456' },
    { type: 'FX', number: '4969123457' },
    { type: 'EM', number: 'OPS@RHINE-COMP.EXAMPLE' },
  ],
};
const AGENT: CargoAgent = { accountNumber: '0098765', iataCode: '1234567', cassAddress: '0001', name: 'SKYLINE FORWARDING', place: 'HONG KONG' };
/** The also-notify party has no account number in an FWB: the one the XFWB gives is not kept. */
const NOTIFY: CargoParty = { name: 'MR. ALSO NOTIFY', streetAddress: ['5 NOTIFY LANE'], place: 'SEOUL', countryCode: 'KR', contacts: [] };

describe('an FWB and an XFWB of the same shipment read into the same parties', () => {
  const fromImp = acceptedValue(readFwb(FWB));
  const fromXml = acceptedValue(readXfwb(XFWB));

  it('reads each party the same way from both: upper case, trimmed, the name joined, the long street broken into two lines, blank fields left out', () => {
    for (const waybill of [fromImp, fromXml]) {
      expect(waybill.shipper).toEqual(SHIPPER);
      expect(waybill.consignee).toEqual(CONSIGNEE);
      expect(waybill.agent).toEqual(AGENT);
      expect(waybill.notify).toEqual(NOTIFY);
    }
  });

  it('gives the same model from both, where both formats carry the data', () => {
    expect(fromXml).toEqual(fromImp);
  });

  describe('refuses the same faults in a party with the same reasons', () => {
    const xfwbWith = (from: string, to: string) => {
      expect(XFWB).toContain(from);
      return XFWB.replace(from, to);
    };
    const fwbWith = (line: number, text: string) => FWB_LINES.map((original, index) => (index === line - 1 ? text : original)).join('\n');
    const cases: { name: string; imp: string; xml: string; code: MessageFault['code'] }[] = [
      {
        name: 'a name over 35 characters, joined from two pieces in the XFWB',
        imp: fwbWith(4, '/PACIFIC ELECTRONICS COMPANY LIMITED HK'),
        xml: xfwbWith('<ram:Name>Company Limited</ram:Name>', '<ram:Name>Company Limited HK</ram:Name>'),
        code: 'too-long',
      },
      {
        name: 'an unknown country, in lower case',
        imp: fwbWith(8, '/zz//TE/+852 2345 6789'),
        xml: xfwbWith('<ram:CountryID>hk</ram:CountryID>', '<ram:CountryID>zz</ram:CountryID>'),
        code: 'unknown-code',
      },
      {
        name: 'a place over 17 characters',
        imp: fwbWith(7, '/KOWLOON BAY DISTRICT'),
        xml: xfwbWith('<ram:CityName>Kowloon Bay</ram:CityName>', '<ram:CityName>Kowloon Bay District</ram:CityName>'),
        code: 'too-long',
      },
      {
        name: 'a street address that does not fit two lines of 35',
        imp: [
          ...FWB_LINES.slice(0, 4),
          '/UNIT 1203, TWELFTH FLOOR, HARBOUR INDUSTRIAL',
          '/CENTRE, 10 LEE HING STREET, KOWLOON BAY',
          ...FWB_LINES.slice(6),
        ].join('\n'),
        xml: xfwbWith(
          'Unit 1203, Harbour Industrial Centre, 10 Lee Hing Street',
          'Unit 1203, Twelfth Floor, Harbour Industrial Centre, 10 Lee Hing Street, Kowloon Bay',
        ),
        code: 'too-long',
      },
      {
        name: 'a contact number over 25 characters',
        imp: fwbWith(14, '/EM/OPERATIONS@RHINE-COMPONENTS.EXAMPLE'),
        xml: xfwbWith('ops@rhine-comp.example', 'operations@rhine-components.example'),
        code: 'too-long',
      },
      {
        name: 'a postcode over 9 characters',
        imp: fwbWith(13, '/DE/60549-1234/TE/4969123456/FX/4969123457'),
        xml: xfwbWith('<ram:PostcodeCode> 60549 </ram:PostcodeCode>', '<ram:PostcodeCode>60549-1234</ram:PostcodeCode>'),
        code: 'too-long',
      },
      {
        name: 'an account number over 14 characters',
        imp: fwbWith(3, 'SHP/HK-778899-000000'),
        xml: xfwbWith('<ram:AccountID>hk-778899</ram:AccountID>', '<ram:AccountID>hk-778899-000000</ram:AccountID>'),
        code: 'too-long',
      },
      {
        name: 'a name not given',
        imp: fwbWith(4, '/'),
        xml: xfwbWith('<ram:Name>Pacific Electronics</ram:Name>\n      <ram:Name>Company Limited</ram:Name>', '<ram:Name> </ram:Name>'),
        code: 'missing-segment',
      },
      {
        name: "an agent's IATA code not given",
        imp: fwbWith(15, 'AGT/0098765//0001'),
        xml: xfwbWith('<ram:CargoAgentID>1234567</ram:CargoAgentID>', ''),
        code: 'missing-segment',
      },
      {
        name: "an agent's name over 35 characters",
        imp: fwbWith(16, '/SKYLINE FORWARDING AND LOGISTICS LIMITED'),
        xml: xfwbWith('<ram:Name>Skyline Forwarding</ram:Name>', '<ram:Name>Skyline Forwarding and Logistics Limited</ram:Name>'),
        code: 'too-long',
      },
    ];
    for (const { name, imp, xml, code } of cases) {
      it(name, () => {
        const impFaults = faultsOf(readFwb(imp)).map(plainFault);
        const xmlFaults = faultsOf(readXfwb(xml)).map(plainFault);
        expect(impFaults).toHaveLength(1);
        expect(impFaults[0].code).toBe(code);
        expect(xmlFaults).toEqual(impFaults);
      });
    }
  });
});

const FHL = [
  'FHL/4',
  'MBI/160-12345675HKGFRA/T2K30.5',
  'HBS/PEC0001/HKGFRA/2/K30.5/2/ELECTRONICS',
  'TXT/ELECTRONIC PARTS',
  'SHP/PACIFIC ELECTRONICS COMPANY LIMITED',
  '/UNIT 1203, HARBOUR INDUSTRIAL',
  '/CENTRE, 10 LEE HING STREET',
  '/KOWLOON BAY',
  '/HK//TE/+852 2345 6789',
  'CNE/rhine components gmbh',
  '/cargo city south, building 556',
  '/frankfurt am main/he',
  '/de/60549/te/4969123456/fx/4969123457/em/ops@rhine-comp.example',
  'CVD/HKD/PP/NVD/NCV/XXX',
].join('\n');

const XFHL = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:HouseManifestMessage xmlns:rsm="iata:housemanifest:1" xmlns:ram="iata:datamodel:3">
  <rsm:MasterConsignment>
    <ram:IncludedTareGrossWeightMeasure unitCode="KGM">30.5</ram:IncludedTareGrossWeightMeasure>
    <ram:TotalPieceQuantity>2</ram:TotalPieceQuantity>
    <ram:TransportContractDocument>
      <ram:ID>160-12345675</ram:ID>
    </ram:TransportContractDocument>
    <ram:OriginLocation>
      <ram:ID>HKG</ram:ID>
    </ram:OriginLocation>
    <ram:FinalDestinationLocation>
      <ram:ID>FRA</ram:ID>
    </ram:FinalDestinationLocation>
    <ram:IncludedHouseConsignment>
      <ram:NilCarriageValueIndicator>true</ram:NilCarriageValueIndicator>
      <ram:NilCustomsValueIndicator>true</ram:NilCustomsValueIndicator>
      <ram:NilInsuranceValueIndicator>true</ram:NilInsuranceValueIndicator>
      <ram:TotalChargePrepaidIndicator>true</ram:TotalChargePrepaidIndicator>
      <ram:TotalDisbursementPrepaidIndicator>true</ram:TotalDisbursementPrepaidIndicator>
      <ram:IncludedTareGrossWeightMeasure unitCode="KGM">30.5</ram:IncludedTareGrossWeightMeasure>
      <ram:TotalPieceQuantity>2</ram:TotalPieceQuantity>
      <ram:PackageQuantity>2</ram:PackageQuantity>
      <ram:SummaryDescription>ELECTRONICS</ram:SummaryDescription>
      <ram:ConsignorParty>${XML_SHIPPER}
      </ram:ConsignorParty>
      <ram:ConsigneeParty>${XML_CONSIGNEE}
      </ram:ConsigneeParty>
      <ram:TransportContractDocument>
        <ram:ID>PEC0001</ram:ID>
      </ram:TransportContractDocument>
      <ram:OriginLocation>
        <ram:ID>HKG</ram:ID>
      </ram:OriginLocation>
      <ram:FinalDestinationLocation>
        <ram:ID>FRA</ram:ID>
      </ram:FinalDestinationLocation>
      <ram:ApplicableOriginCurrencyExchange>
        <ram:SourceCurrencyCode>HKD</ram:SourceCurrencyCode>
      </ram:ApplicableOriginCurrencyExchange>
      <ram:IncludedHouseConsignmentItem>
        <ram:NatureIdentificationTransportCargo>
          <ram:Identification>ELECTRONIC PARTS</ram:Identification>
        </ram:NatureIdentificationTransportCargo>
      </ram:IncludedHouseConsignmentItem>
    </ram:IncludedHouseConsignment>
  </rsm:MasterConsignment>
</rsm:HouseManifestMessage>
`;

describe('an FHL and an XFHL of the same house read into the same house parties', () => {
  const fromImp = acceptedValue(readFhl(FHL));
  const fromXml = acceptedValue(readXfhl(XFHL));

  it('reads the house shipper and consignee the same way from both; a house party has no account number, so the XFHL one is not kept', () => {
    const { accountNumber: _none, ...houseShipper } = SHIPPER;
    for (const manifest of [fromImp, fromXml]) {
      expect(manifest.houses[0].shipper).toEqual(houseShipper);
      expect(manifest.houses[0].consignee).toEqual(CONSIGNEE);
    }
  });

  it('gives the same manifest from both', () => {
    expect(fromXml).toEqual(fromImp);
  });

  it('refuses an unknown country of a house party with the same fault', () => {
    const imp = faultsOf(readFhl(FHL.replace('/de/60549', '/zz/60549'))).map(plainFault);
    const xml = faultsOf(readXfhl(XFHL.replace('<ram:CountryID>DE</ram:CountryID>', '<ram:CountryID>ZZ</ram:CountryID>'))).map(plainFault);
    expect(imp).toEqual([{ code: 'unknown-code', reason: "The house consignee's country code ZZ is not an ISO 3166 country." }]);
    expect(xml).toEqual(imp);
  });
});
