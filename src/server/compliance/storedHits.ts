import { readRiskLevel } from '../../domain/sanctionRisk';
import { hitIdOf, HIT_STATES, type HitState, type ReviewedSanctionHit } from '../../domain/sanctionReview';
import type { ComplianceCheck, ComplianceSummary, SanctionHit } from '../../domain/shipmentWire';

/**
 * The sanction hits a shipment keeps (shipments.sanction_hits). Rows written before the review
 * existed hold a shorter shape (risk level, phrase, party, list, citation, one action): those are
 * read as hits of their own, so an old database keeps showing what it showed.
 */
export function reviewedHitsOf(stored: unknown): ReviewedSanctionHit[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((item): ReviewedSanctionHit[] => {
    if (!item || typeof item !== 'object') return [];
    const hit = item as Record<string, unknown>;
    if (typeof hit.hitId === 'string' && HIT_STATES.includes(hit.state as HitState)) return [hit as unknown as ReviewedSanctionHit];
    const role = (['Shipper', 'Consignee', 'Notify', 'Agent'] as const).find((candidate) => candidate === hit.party) ?? 'Shipper';
    const matchedPhrase = String(hit.matchedPhrase ?? '');
    const entryId = String(hit.entryId ?? hit.list ?? 'LEGACY');
    const action = hit.action as { decision?: string; by?: string; at?: string; remarks?: string } | null | undefined;
    const legacy = {
      role,
      kind: 'name' as const,
      screenedText: matchedPhrase,
      riskLevel: readRiskLevel(hit.riskLevel) ?? ('Medium' as const),
      matchedPhrase,
      method: 'Default' as const,
      score: Number(hit.score ?? 0) > 1 ? Number(hit.score) / 100 : Number(hit.score ?? 0),
      listName: String(hit.list ?? ''),
      entryId,
      entryName: matchedPhrase,
      partyType: 'Entity' as const,
      programs: [],
      citation: String(hit.citation ?? ''),
    };
    return [
      {
        ...legacy,
        hitId: hitIdOf(legacy),
        state: action ? 'CLEARED' : 'OPEN',
        actions: action
          ? [{ decision: 'CLEAR', state: 'CLEARED', by: action.by ?? '', companyId: '', at: action.at ?? '', remarks: action.remarks ?? '' }]
          : [],
      },
    ];
  });
}

const RISK: Record<string, 'LOW' | 'MEDIUM' | 'HIGH'> = { High: 'HIGH', Medium: 'MEDIUM', Low: 'LOW' };

/** The hits as the detail page and the sanction window show them. */
export function wireSanctionHits(stored: unknown): SanctionHit[] {
  return reviewedHitsOf(stored).map((hit) => ({
    hitId: hit.hitId,
    state: hit.state,
    riskLevel: RISK[hit.riskLevel] ?? 'MEDIUM',
    matchedPhrase: hit.matchedPhrase,
    party: hit.role,
    hawb: hit.hawb ?? null,
    screenedText: hit.screenedText,
    score: hit.score,
    method: hit.method,
    list: hit.listName,
    entryId: hit.entryId,
    entryName: hit.entryName,
    programs: hit.programs,
    citation: hit.citation,
    exportEmbargo: hit.embargo?.exportEmbargo ?? false,
    importEmbargo: hit.embargo?.importEmbargo ?? false,
    controlledCommodity: hit.controlledCommodity?.description ?? null,
    aliases: hit.entryAliases ?? [],
    sourceVersion: hit.sourceVersion ?? null,
    explanation: hit.explanation
      ? {
          how: hit.explanation.how,
          score: hit.explanation.score,
          summary: hit.explanation.summary,
          words: hit.explanation.words.map(({ listed, screened, how, similarity }) => ({ listed, screened, how, similarity })),
          missing: hit.explanation.missing,
          extra: hit.explanation.extra,
          ...(hit.explanation.country ? { country: hit.explanation.country } : {}),
        }
      : null,
    action: hit.actions.at(-1) ?? null,
    actions: hit.actions,
  }));
}

/** The engine's findings as stored, and the older shape (rule, result, message) of rows from before it. */
export function wireComplianceChecks(stored: unknown): ComplianceCheck[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((item): ComplianceCheck[] => {
    if (!item || typeof item !== 'object') return [];
    const check = item as Record<string, unknown>;
    const result = check.result === 'FAIL' || check.result === 'WARN' ? check.result : 'PASS';
    return [
      {
        rule: String(check.rule ?? ''),
        result,
        message: String(check.message ?? ''),
        list: String(check.list ?? ''),
        rowId: typeof check.rowId === 'string' ? check.rowId : null,
        effect: String(check.effect ?? ''),
      },
    ];
  });
}

export function complianceSummary(evaluation: unknown, autoAcceptAt: Date | null): ComplianceSummary {
  const stored = (evaluation && typeof evaluation === 'object' ? evaluation : {}) as Record<string, unknown>;
  const strings = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    EvaluatedAt: text(stored.evaluatedAt),
    OriginCountry: text(stored.originCountry),
    DestinationCountry: text(stored.destinationCountry),
    AddedSpecialHandlingCodes: strings(stored.addedSpecialHandlingCodes),
    MappedDescriptions: strings(stored.mappedDescriptions),
    SuggestedRejectReasons: strings(stored.suggestedRejectReasons),
    AutoAcceptAt: autoAcceptAt ? autoAcceptAt.toISOString() : null,
  };
}
