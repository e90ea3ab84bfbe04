import { Type } from 'typebox';
import { SANCTION_DECISIONS } from '../../domain/sanctionReview';
import { RISK_LEVELS } from '../../domain/sanctionRisk';
import { SHIPMENT_STATUSES } from '../../domain/shipmentStatus';
import { Answer, NullableText } from '../http/answerSchemas';
import { ID, OutcomeAnswer, PREFIX, REMARK, SUFFIX, UPDATE_DT, WithDefaults } from '../shipments/schemas';

/**
 * The schemas of the compliance engine's calls on /awbapi (routes.ts), as TypeBox schemas (issue 21):
 * the sanction review's requests and the answers of the messages in, the review and the Sanction Check.
 */

export const sanctionSaveBody = Type.Object(
  {
    ShipmentId: ID,
    AWBPrefix: PREFIX,
    AWBSuffix: SUFFIX,
    UpdateDT: UPDATE_DT,
    PendingUpdate: Type.Optional(Type.Boolean()),
    decisions: Type.Array(
      Type.Object(
        { HitId: Type.String({ pattern: '^H[0-9A-Z]{2,20}$' }), Decision: Type.Enum(SANCTION_DECISIONS, { type: 'string' }), Remark: REMARK },
        { additionalProperties: false },
      ),
      { maxItems: 200 },
    ),
  },
  { additionalProperties: false },
);

export const resendBody = Type.Object({ ResendList: Type.Array(ID, { minItems: 1, maxItems: 50, uniqueItems: true }) }, { additionalProperties: false });

export const searchQuery = WithDefaults(
  Type.Object(
    { name: Type.String({ minLength: 1, maxLength: 200 }), limit: Type.Integer({ minimum: 1, maximum: 50, default: 10 }) },
    { additionalProperties: false },
  ),
);

const SHIPMENT_STATUS = Type.Enum(SHIPMENT_STATUSES, { type: 'string' });

/** A message taken in: an FWB or FHL with what it did to its shipment, or an FMA/FNA acknowledging an outbound message. */
export const messageAnswer = Answer(
  Type.Union([
    Type.Object({
      MessageId: Type.String(),
      Kind: Type.Enum(['FWB', 'FHL'], { type: 'string' }),
      Outcome: Type.Enum(['created', 'updated', 'unchanged', 'pending'], { type: 'string', description: 'pending: an FHL waiting for its master' }),
      AWBNumber: Type.String(),
      ShipmentId: NullableText,
      Status: Type.Union([SHIPMENT_STATUS, Type.Null()]),
      UpdateDT: NullableText,
      Findings: Type.Integer(),
      OpenHits: Type.Integer(),
    }),
    Type.Object({
      MessageId: Type.String(),
      Kind: Type.Enum(['FMA', 'FNA'], { type: 'string' }),
      Outcome: Type.Literal('acknowledged'),
      AWBNumber: Type.String(),
      OutboundMessageId: Type.String(),
      OutboundState: Type.Enum(['ACKNOWLEDGED', 'FAILED'], { type: 'string' }),
    }),
  ]),
);

/** SanctionSaveAnswer (sanctionReview.ts): the shipment after the decisions, or a refusal. */
export const sanctionSaveAnswer = OutcomeAnswer(
  Type.Object({ ShipmentId: Type.String(), UpdateDT: Type.String(), Status: Type.String(), OpenHits: Type.Integer() }),
);

/** SanctionResendOutcome[] (src/domain/shipmentWire.ts): what screening each shipment again did. */
export const sanctionResendAnswer = Answer(
  Type.Array(
    Type.Object({
      ShipmentId: Type.String(),
      AWBNumber: NullableText,
      Outcome: Type.Enum(['screened', 'notFound', 'notAccessible', 'notScreenable'], { type: 'string' }),
      Status: NullableText,
      Hits: Type.Integer(),
      OpenHits: Type.Integer(),
    }),
  ),
);

/** SanctionCheckAnswer (src/domain/shipmentWire.ts): the best listed names for a name, with their scores. */
export const sanctionCheckAnswer = Answer(
  Type.Object({
    Name: Type.String(),
    Threshold: Type.Number(),
    ReviewFrom: Type.Number(),
    ListSize: Type.Integer(),
    Hits: Type.Array(
      Type.Object({
        EntryId: Type.String(),
        ListName: Type.String(),
        EntryName: Type.String(),
        MatchedPhrase: Type.String(),
        Score: Type.Number(),
        Method: Type.String(),
        RiskLevel: Type.Union([Type.Enum(RISK_LEVELS, { type: 'string' }), Type.Null()]),
        Outcome: Type.Enum(['match', 'whitelisted', 'review'], { type: 'string' }),
        Whitelist: Type.Union([
          Type.Object({ RowId: Type.String(), PartyRole: Type.String(), CountryCode: NullableText, ValidUntil: NullableText, Reason: NullableText }),
          Type.Null(),
        ]),
        PartyType: Type.String(),
        Programs: Type.Array(Type.String()),
        Citation: Type.String(),
      }),
    ),
    More: Type.Boolean({ description: 'more names come that near than the limit let through' }),
  }),
);
