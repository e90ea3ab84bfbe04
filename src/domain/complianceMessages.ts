/** The messages of the compliance engine's calls: message ingestion, sanction review, outbound messages. */

export const IngestMessages = {
  refused: 'The message was refused: {count} problem(s). Nothing was changed.',
  unknownPrefix: 'The AWB prefix {prefix} belongs to no airline of the portal.',
  notYourPrefix: 'Your company may send messages only for AWBs of its own prefixes.',
  anotherAgent: 'This shipment is handled by another agent: your company cannot send messages for it.',
  senderType: 'Only airlines and forwarders send air waybill and house manifest messages.',
  nothingToAcknowledge: 'No message of your company for AWB {awb} is waiting for an acknowledgement.',
  emptyBody: 'Send the message as text/plain (Cargo-IMP), application/xml (Cargo-XML) or JSON {"message": "..."}.',
} as const;
