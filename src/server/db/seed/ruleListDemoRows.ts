/**
 * Demo rows of the admin rule lists, as an admin of an airline would keep them. The sanction list
 * also gets the OFAC SDN entries (ofacSanctions.ts); these are its company-internal entries.
 * Every row passes the plugin's field rules (the seed refuses one that does not).
 */

type DemoRow = Record<string, string | number | null>;

export const demoRuleListRows: Record<string, DemoRow[]> = {
  sanctionlist: [
    { listSource: 'INTERNAL', reference: 'INT-0001', matchingValue: 'GLOBAL STAR TRADING*', matchingMethod: 'Keyword', partyType: 'Entity', program: 'Company policy', countryCode: 'AE', aliases: 'GLOBAL STAR GENERAL TRADING;G STAR TRADING', remarks: 'Repeated false declarations of dual-use goods (internal review 2025-14).' },
    { listSource: 'INTERNAL', reference: 'INT-0002', matchingValue: 'ORIENT EXPRESS LOGISTICS', matchingMethod: 'Exact', partyType: 'Entity', program: 'Company policy', countryCode: 'HK', aliases: null, remarks: 'Unpaid charges; consignee blocked until settled.' },
    { listSource: 'INTERNAL', reference: 'INT-0003', matchingValue: 'MV SEA FALCON ##', matchingMethod: 'Exact', partyType: 'Vessel', program: 'Company policy', countryCode: null, aliases: null, remarks: 'Feeder vessels of a blocked operator.' },
    { listSource: 'UN', reference: 'UN-KPE-001', matchingValue: 'KOREA MINING DEVELOPMENT TRADING CORPORATION', matchingMethod: 'Keyword', partyType: 'Entity', program: 'UNSC 1718', countryCode: 'KP', aliases: 'KOMID', remarks: null },
  ],
  sanctionwhitelist: [
    { matchingValue: 'CUBA STREET BAKERY LTD', matchingMethod: 'Exact', partyRole: 'Consignee', countryCode: 'GB', carrierId: null, sanctionReference: null, reason: 'Name contains CUBA only as a street name; reviewed by compliance.', validUntil: '2027-12-31', status: 'Active' },
    { matchingValue: 'IRAN PERSIAN CARPETS GMBH', matchingMethod: 'Exact', partyRole: 'Shipper', countryCode: 'DE', carrierId: null, sanctionReference: null, reason: 'German-registered importer; no link to listed parties found.', validUntil: '2026-12-31', status: 'Active' },
    { matchingValue: 'AL NOOR TRADING LLC', matchingMethod: 'Exact', partyRole: 'Any', countryCode: 'OM', carrierId: 'DEMOAIR', sanctionReference: 'SDN-12345', reason: 'Different entity from the listed AL NOOR; licence number checked.', validUntil: null, status: 'Active' },
    { matchingValue: 'SYRIAN ARAB RELIEF FUND', matchingMethod: 'Exact', partyRole: 'Consignee', countryCode: 'TR', carrierId: null, sanctionReference: null, reason: 'Humanitarian shipments under general licence; withdrawn after audit.', validUntil: '2025-06-30', status: 'Cancelled' },
  ],
  mipactionlist: [
    { actionCode: 'DOC01', description: 'Air waybill data incomplete or unreadable', category: 'Documentation', sortOrder: 10 },
    { actionCode: 'DOC02', description: 'House manifest missing or not matching the master AWB', category: 'Documentation', sortOrder: 20 },
    { actionCode: 'SEC01', description: 'Shipper not a known consignor and no screening record', category: 'Security', sortOrder: 30 },
    { actionCode: 'DGR01', description: 'Dangerous goods declaration missing or incorrect', category: 'Dangerous Goods', sortOrder: 40 },
    { actionCode: 'CAP01', description: 'No capacity on the booked flight', category: 'Capacity', sortOrder: 50 },
    { actionCode: 'CUS01', description: 'Customs pre-arrival data (ACAS/ICS2) not accepted', category: 'Customs', sortOrder: 60 },
    { actionCode: 'OTH99', description: 'Other reason (see remark)', category: 'Other', sortOrder: 999 },
  ],
  descmap: [
    { matchingValue: 'LITHIUM ION BATTER*', matchingMethod: 'Keyword', mappedDescription: 'Lithium ion batteries', hsCode: '850760', shcCodes: 'ELI/DGR' },
    { matchingValue: 'MOBILE PHONE*', matchingMethod: 'Keyword', mappedDescription: 'Telephones for cellular networks', hsCode: '851713', shcCodes: 'ELI' },
    { matchingValue: 'FRESH SALMON', matchingMethod: 'Default', mappedDescription: 'Fresh Atlantic salmon', hsCode: '030214', shcCodes: 'PER/PES' },
    { matchingValue: 'CONSOL*', matchingMethod: 'Exact', mappedDescription: 'Consolidation as per attached manifest', hsCode: null, shcCodes: null },
    { matchingValue: 'PHARMA*', matchingMethod: 'Keyword', mappedDescription: 'Medicaments', hsCode: '300490', shcCodes: 'PIL/COL' },
  ],
  regionlist: [
    { regionCode: 'EU', regionName: 'European Union', countryCodes: 'AT;BE;BG;HR;CY;CZ;DK;EE;FI;FR;DE;GR;HU;IE;IT;LV;LT;LU;MT;NL;PL;PT;RO;SI;SK;ES;SE' },
    { regionCode: 'GCC', regionName: 'Gulf Cooperation Council', countryCodes: 'AE;BH;KW;OM;QA;SA' },
    { regionCode: 'ASEAN', regionName: 'Association of Southeast Asian Nations', countryCodes: 'BN;KH;ID;LA;MY;MM;PH;SG;TH;VN' },
    { regionCode: 'NAFTA', regionName: 'North America', countryCodes: 'CA;MX;US' },
  ],
  locationrules: [
    { carrierId: 'DEMOAIR', stationCode: 'HKG', destinationCode: 'LAX', shcCodes: 'DGR', action: 'Eyeball', remarks: 'Dangerous goods to the US: check the declaration against the AWB.' },
    { carrierId: 'DEMOAIR', stationCode: 'SIN', destinationCode: null, shcCodes: 'AVI', action: 'Soft Block', remarks: 'Live animals need the station manager\'s remark.' },
    { carrierId: 'DEMOAIR', stationCode: 'FRA', destinationCode: 'TLV', shcCodes: null, action: 'Accept', remarks: null },
    { carrierId: 'DEMOAIR', stationCode: 'AMS', destinationCode: 'KBL', shcCodes: null, action: 'Hard Block', remarks: 'No service to Kabul.' },
    { carrierId: 'SKYAIR', stationCode: 'HKG', destinationCode: 'DXB', shcCodes: 'ELI/ELM', action: 'Eyeball', remarks: null },
  ],
  autospecialhandlingcodelist: [
    { carrierId: null, originCode: null, matchingValue: 'LITHIUM*', matchingMethod: 'Keyword', shcCodes: 'ELI' },
    { carrierId: null, originCode: null, matchingValue: 'LIVE ANIMAL*', matchingMethod: 'Keyword', shcCodes: 'AVI' },
    { carrierId: 'DEMOAIR', originCode: 'HKG', matchingValue: 'FRESH FLOWERS', matchingMethod: 'Default', shcCodes: 'PEF/PER' },
    { carrierId: null, originCode: null, matchingValue: 'VACCINE*', matchingMethod: 'Keyword', shcCodes: 'PIL/COL/ACT' },
    { carrierId: null, originCode: null, matchingValue: 'HUMAN REMAINS', matchingMethod: 'Default', shcCodes: 'HUM' },
  ],
  locationcodelist: [
    { airportCode: 'HKG', locationName: 'Hong Kong International Airport', cityName: 'Hong Kong', countryCode: 'HK', locationType: 'Airport' },
    { airportCode: 'SIN', locationName: 'Singapore Changi Airport', cityName: 'Singapore', countryCode: 'SG', locationType: 'Airport' },
    { airportCode: 'FRA', locationName: 'Frankfurt Airport', cityName: 'Frankfurt am Main', countryCode: 'DE', locationType: 'Airport' },
    { airportCode: 'AMS', locationName: 'Amsterdam Airport Schiphol', cityName: 'Amsterdam', countryCode: 'NL', locationType: 'Airport' },
    { airportCode: 'LAX', locationName: 'Los Angeles International Airport', cityName: 'Los Angeles', countryCode: 'US', locationType: 'Airport' },
    { airportCode: 'DXB', locationName: 'Dubai International Airport', cityName: 'Dubai', countryCode: 'AE', locationType: 'Airport' },
    { airportCode: 'NRT', locationName: 'Narita International Airport', cityName: 'Tokyo', countryCode: 'JP', locationType: 'Airport' },
    { airportCode: 'LHR', locationName: 'London Heathrow Airport', cityName: 'London', countryCode: 'GB', locationType: 'Airport' },
    { airportCode: 'JFK', locationName: 'John F. Kennedy International Airport', cityName: 'New York', countryCode: 'US', locationType: 'Airport' },
    { airportCode: 'ORD', locationName: "Chicago O'Hare International Airport", cityName: 'Chicago', countryCode: 'US', locationType: 'Airport' },
    { airportCode: 'DFW', locationName: 'Dallas Fort Worth International Airport', cityName: 'Dallas', countryCode: 'US', locationType: 'Airport' },
    { airportCode: 'PVG', locationName: 'Shanghai Pudong International Airport', cityName: 'Shanghai', countryCode: 'CN', locationType: 'Airport' },
    { airportCode: 'ICN', locationName: 'Incheon International Airport', cityName: 'Seoul', countryCode: 'KR', locationType: 'Airport' },
    { airportCode: 'SYD', locationName: 'Sydney Kingsford Smith Airport', cityName: 'Sydney', countryCode: 'AU', locationType: 'Airport' },
    { airportCode: 'BOM', locationName: 'Chhatrapati Shivaji Maharaj International Airport', cityName: 'Mumbai', countryCode: 'IN', locationType: 'Airport' },
    { airportCode: 'SVO', locationName: 'Sheremetyevo International Airport', cityName: 'Moscow', countryCode: 'RU', locationType: 'Airport' },
    { airportCode: 'IKA', locationName: 'Imam Khomeini International Airport', cityName: 'Tehran', countryCode: 'IR', locationType: 'Airport' },
    { airportCode: 'KBL', locationName: 'Kabul International Airport', cityName: 'Kabul', countryCode: 'AF', locationType: 'Airport' },
    { airportCode: 'ZYP', locationName: 'New York Penn Station', cityName: 'New York', countryCode: 'US', locationType: 'Station' },
    { airportCode: 'QYG', locationName: 'Gelsenkirchen truck terminal', cityName: 'Gelsenkirchen', countryCode: 'DE', locationType: 'Off-airport Terminal' },
  ],
  iataagentcodelist: [
    { agentCode: '3347001', agentName: 'Demo Freight Forwarding Ltd', stationCode: 'HKG', countryCode: 'HK', companyId: 'DEMOFWD' },
    { agentCode: '2347512', agentName: 'Fast Forwarders GmbH', stationCode: 'FRA', countryCode: 'DE', companyId: 'FASTFWD' },
    { agentCode: '33470020001', agentName: 'Demo Freight Forwarding Ltd (Kowloon branch)', stationCode: 'HKG', countryCode: 'HK', companyId: 'DEMOFWD' },
    { agentCode: '3947300', agentName: 'Lion City Logistics Pte Ltd', stationCode: 'SIN', countryCode: 'SG', companyId: null },
  ],
  acceptanceprivilege: [
    { companyId: 'DEMOGHA', userId: null, carrierId: 'DEMOAIR', acceptanceStations: 'HKG;SIN', shcCodes: null, privilege: 'Accept' },
    { companyId: 'HUBGHA', userId: null, carrierId: 'DEMOAIR', acceptanceStations: 'FRA;AMS', shcCodes: null, privilege: 'Accept with Remark' },
    { companyId: 'DEMOGHA', userId: 'operator', carrierId: 'DEMOAIR', acceptanceStations: 'HKG', shcCodes: 'DGR/ELI', privilege: 'Override Soft Block' },
  ],
  harmonisedcommoditycodelist: [
    { hsCode: '850760', description: 'Lithium-ion accumulators', countryCode: null, controlled: 'No' },
    { hsCode: '854231', description: 'Electronic integrated circuits: processors and controllers', countryCode: null, controlled: 'Yes' },
    { hsCode: '880240', description: 'Aeroplanes of an unladen weight exceeding 15,000 kg', countryCode: null, controlled: 'Yes' },
    { hsCode: '030214', description: 'Fresh Atlantic and Danube salmon', countryCode: null, controlled: 'No' },
    { hsCode: '3004900000', description: 'Other medicaments, packed for retail sale', countryCode: 'US', controlled: 'No' },
  ],
  acceptancecontrol: [
    { carrierId: 'DEMOAIR', stationCode: 'HKG', shcCodes: null, controlType: 'Auto Accept', effectiveFrom: '2025-01-01', remarks: 'General cargo is accepted on FWB receipt.' },
    { carrierId: 'DEMOAIR', stationCode: 'HKG', shcCodes: 'DGR', controlType: 'Manual Accept', effectiveFrom: '2025-01-01', remarks: null },
    { carrierId: 'DEMOAIR', stationCode: 'SIN', shcCodes: 'AVI', controlType: 'Eyeball Check', effectiveFrom: null, remarks: null },
    { carrierId: 'SKYAIR', stationCode: 'FRA', shcCodes: null, controlType: 'Manual Accept', effectiveFrom: '2026-03-01', remarks: null },
  ],
  hscodechecklist: [
    { hsCodePattern: '8542*', countryCode: 'RU', checkType: 'Dual Use', remarks: 'Integrated circuits to Russia: export licence check.' },
    { hsCodePattern: '9306*', countryCode: null, checkType: 'Licence Required', remarks: 'Munitions.' },
    { hsCodePattern: '2844##', countryCode: null, checkType: 'Dangerous Goods', remarks: 'Radioactive elements and isotopes.' },
    { hsCodePattern: '8802*', countryCode: 'IR', checkType: 'Embargo', remarks: null },
  ],
  validationrules: [
    { ruleCode: 'GOODS_CASH', fieldName: 'Goods Description', matchingValue: 'CASH', matchingMethod: 'Keyword', severity: 'Error', carrierId: null, message: 'Cash is not carried as general cargo.' },
    { ruleCode: 'GOODS_CONSOL', fieldName: 'Goods Description', matchingValue: 'CONSOLIDATION', matchingMethod: 'Exact', severity: 'Warning', carrierId: null, message: 'Consolidation without a house manifest.' },
    { ruleCode: 'CNEE_TOORDER', fieldName: 'Consignee', matchingValue: 'TO ORDER*', matchingMethod: 'Keyword', severity: 'Warning', carrierId: null, message: 'Consignee "to order" needs a notify party.' },
    { ruleCode: 'HS_MISSING', fieldName: 'HS Code', matchingValue: '000000', matchingMethod: 'Exact', severity: 'Error', carrierId: 'DEMOAIR', message: 'A real HS code is required.' },
  ],
  countryrules: [
    { countryCode: 'KP', carrierId: null, direction: 'Both', ruleType: 'Embargo', shcCodes: null, remarks: 'UN Security Council sanctions.' },
    { countryCode: 'IR', carrierId: null, direction: 'Export', ruleType: 'Licence Required', shcCodes: null, remarks: null },
    { countryCode: 'RU', carrierId: 'DEMOAIR', direction: 'Export', ruleType: 'Restricted', shcCodes: 'ELI/ELM', remarks: 'Dual-use electronics need the compliance desk.' },
    { countryCode: 'US', carrierId: null, direction: 'Import', ruleType: 'Customs Pre-Alert', shcCodes: null, remarks: 'ACAS filing before loading.' },
    { countryCode: 'GB', carrierId: null, direction: 'Import', ruleType: 'Customs Pre-Alert', shcCodes: null, remarks: null },
  ],
  altcurrencylist: [
    { countryCode: 'HK', carrierId: null, stationCode: 'HKG', currencyCodes: 'USD;CNY' },
    { countryCode: 'SG', carrierId: null, stationCode: null, currencyCodes: 'USD' },
    { countryCode: 'DE', carrierId: 'DEMOAIR', stationCode: 'FRA', currencyCodes: 'USD;GBP;CHF' },
  ],
  forwardemaillist: [
    { stationCode: 'HKG', carrierId: 'DEMOAIR', documentType: 'AWB', emailAddresses: 'hkg.export@demoair.example, hkg.docs@demoair.example', remarks: null },
    { stationCode: 'SIN', carrierId: null, documentType: 'House Manifest', emailAddresses: 'sin.manifest@demogha.example', remarks: 'Ground handler keeps the manifests.' },
    { stationCode: 'FRA', carrierId: null, documentType: 'Pouch', emailAddresses: 'fra.pouch@hubgha.example', remarks: null },
  ],
};
