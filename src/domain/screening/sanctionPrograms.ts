import type { ControlledCommodityData, EmbargoData } from './sanctionList';

/**
 * OFAC sanctions programs as the SDN list tags its entries: the regulations each one rests on, and
 * for comprehensive country programs the export and import embargo, for proliferation programs the
 * controlled commodities. A program not listed here is cited by its tag alone.
 */

interface SanctionProgram {
  regulation: string;
  embargo?: EmbargoData;
  controlledCommodity?: ControlledCommodityData;
}

const embargo = (countryCode: string, authority: string, region?: string): EmbargoData => ({
  countryCode,
  ...(region ? { region } : {}),
  exportEmbargo: true,
  importEmbargo: true,
  authority,
});

const NORTH_KOREA: SanctionProgram = {
  regulation: 'North Korea Sanctions Regulations, 31 CFR part 510',
  embargo: embargo('KP', 'North Korea Sanctions Regulations, 31 CFR part 510'),
};

export const SANCTION_PROGRAMS: Readonly<Record<string, SanctionProgram>> = {
  CUBA: { regulation: 'Cuban Assets Control Regulations, 31 CFR part 515', embargo: embargo('CU', 'Cuban Assets Control Regulations, 31 CFR part 515') },
  IRAN: {
    regulation: 'Iranian Transactions and Sanctions Regulations, 31 CFR part 560',
    embargo: embargo('IR', 'Iranian Transactions and Sanctions Regulations, 31 CFR part 560'),
  },
  SYRIA: { regulation: 'Syrian Sanctions Regulations, 31 CFR part 542', embargo: embargo('SY', 'Syrian Sanctions Regulations, 31 CFR part 542') },
  DPRK: NORTH_KOREA,
  DPRK2: NORTH_KOREA,
  DPRK3: NORTH_KOREA,
  DPRK4: NORTH_KOREA,
  'UKRAINE-EO13685': {
    regulation: 'Ukraine-/Russia-Related Sanctions Regulations, 31 CFR part 589; Executive Order 13685',
    embargo: embargo('UA', 'Executive Order 13685 (Crimea region of Ukraine)', 'Crimea'),
  },
  'UKRAINE-EO13660': { regulation: 'Ukraine-/Russia-Related Sanctions Regulations, 31 CFR part 589; Executive Order 13660' },
  'UKRAINE-EO13661': { regulation: 'Ukraine-/Russia-Related Sanctions Regulations, 31 CFR part 589; Executive Order 13661' },
  'UKRAINE-EO13662': { regulation: 'Ukraine-/Russia-Related Sanctions Regulations, 31 CFR part 589; Executive Order 13662' },
  NPWMD: {
    regulation: 'Weapons of Mass Destruction Proliferators Sanctions Regulations, 31 CFR part 544; Executive Order 13382',
    controlledCommodity: {
      description: 'Nuclear, chemical, biological and missile-related items and dual-use goods that can serve them: export licence required',
      authority: 'Executive Order 13382; Export Administration Regulations, 15 CFR parts 730-774',
    },
  },
  IFSR: { regulation: 'Iranian Financial Sanctions Regulations, 31 CFR part 561' },
  IRGC: { regulation: 'Executive Order 13224 (Islamic Revolutionary Guard Corps)' },
  'IRAN-HR': { regulation: 'Iranian Human Rights Abuses Sanctions Regulations, 31 CFR part 562' },
  SDGT: { regulation: 'Global Terrorism Sanctions Regulations, 31 CFR part 594; Executive Order 13224' },
  SDT: { regulation: 'Terrorism Sanctions Regulations, 31 CFR part 595' },
  FTO: { regulation: 'Foreign Terrorist Organizations Sanctions Regulations, 31 CFR part 597' },
  SDNTK: { regulation: 'Foreign Narcotics Kingpin Sanctions Regulations, 31 CFR part 598' },
  SDNT: { regulation: 'Narcotics Trafficking Sanctions Regulations, 31 CFR part 536' },
  TCO: { regulation: 'Transnational Criminal Organizations Sanctions Regulations, 31 CFR part 590' },
  BALKANS: { regulation: 'Western Balkans Stabilization Regulations, 31 CFR part 588' },
  ZIMBABWE: { regulation: 'Zimbabwe Sanctions Regulations, 31 CFR part 541' },
  IRAQ2: { regulation: 'Iraq Stabilization and Insurgency Sanctions Regulations, 31 CFR part 576' },
  IRAQ3: { regulation: 'Iraq Stabilization and Insurgency Sanctions Regulations, 31 CFR part 576' },
  GLOMAG: { regulation: 'Global Magnitsky Sanctions Regulations, 31 CFR part 583' },
  MAGNIT: { regulation: 'Magnitsky Act Sanctions Regulations, 31 CFR part 584' },
  VENEZUELA: { regulation: 'Venezuela Sanctions Regulations, 31 CFR part 591' },
  CYBER2: { regulation: 'Cyber-Related Sanctions Regulations, 31 CFR part 578' },
  DRCONGO: { regulation: 'Democratic Republic of the Congo Sanctions Regulations, 31 CFR part 547' },
  LIBYA2: { regulation: 'Libyan Sanctions Regulations, 31 CFR part 570' },
  LIBYA3: { regulation: 'Libyan Sanctions Regulations, 31 CFR part 570' },
  BELARUS: { regulation: 'Belarus Sanctions Regulations, 31 CFR part 548' },
  'SOUTH SUDAN': { regulation: 'South Sudan Sanctions Regulations, 31 CFR part 558' },
  SOMALIA: { regulation: 'Somalia Sanctions Regulations, 31 CFR part 551' },
  CAR: { regulation: 'Central African Republic Sanctions Regulations, 31 CFR part 553' },
  YEMEN: { regulation: 'Yemen Sanctions Regulations, 31 CFR part 552' },
  'CAATSA - RUSSIA': { regulation: "Countering America's Adversaries Through Sanctions Act, Public Law 115-44" },
};

/**
 * "CUBA: Cuban Assets Control Regulations, 31 CFR part 515; ..." for the programs of an entry; a
 * program without a known regulation (an internal list's "Company policy", another source's regime)
 * is named as it is, and is not said to be OFAC's.
 */
export function citationOf(programs: readonly string[]): string {
  return programs.map((program) => (SANCTION_PROGRAMS[program] ? `${program}: ${SANCTION_PROGRAMS[program].regulation}` : program)).join('; ');
}

export function embargoOf(programs: readonly string[]): EmbargoData | undefined {
  return programs.map((program) => SANCTION_PROGRAMS[program]?.embargo).find(Boolean);
}

export function controlledCommodityOf(programs: readonly string[]): ControlledCommodityData | undefined {
  return programs.map((program) => SANCTION_PROGRAMS[program]?.controlledCommodity).find(Boolean);
}

/** "NPWMD] [IFSR" and "NPWMD; IFSR" -> ['NPWMD', 'IFSR']. */
export function splitPrograms(text: string): string[] {
  return text
    .replace(/\]\s*\[/g, ';')
    .replace(/[[\]]/g, '')
    .split(';')
    .map((program) => program.trim())
    .filter(Boolean);
}
