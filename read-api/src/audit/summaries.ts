import type { PlaytimeEvent } from '@playtime/shared/domain/event-registry';
import type { PaymentPurpose } from '@playtime/shared/contract/payments';
import { describeSpan } from '@playtime/shared/domain/availability/rules';

/** What a payment bought, as a sentence ends: 'for a rental', 'for an entry'. */
const PAID_FOR: Record<PaymentPurpose['kind'], string> = { rental: 'for a rental', entry: 'for an entry' };

/** Who a user id is, as the history names them: their email when known, else the id itself. */
export type NameOf = (userId: string | null | undefined) => string;

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const TEAMS = ['the sideline', 'Team 1', 'Team 2'] as const;
const WITHDRAWN_BECAUSE = {
  organizer_deleted: "its organizer's account was deleted",
  owner_deleted: "its field owner's account was deleted",
  too_few_players: 'too few players had joined by its decision time',
} as const;

/**
 * One line a person can read for an event, from its data as the current schema reads it (an event
 * written with an older version was upcast first, so old events read the same way). `actor` is whoever
 * appended it; times are in the reader's zone.
 */
export function summarize(event: PlaytimeEvent, actor: string, name: NameOf, timeZone: string): string {
  const span = (data: { startDate: string; endDate: string }) =>
    describeSpan({ start: Date.parse(data.startDate), end: Date.parse(data.endDate) }, timeZone);
  switch (event.type) {
    case 'UserRegistered':
      return `${event.data.email} signed up as ${event.data.role}`;
    case 'UserProfileEdited':
      return `${actor} edited the profile of ${name(event.data.userId)}`;
    case 'UserRoleChanged':
      return `${name(event.data.changedBy)} made ${name(event.data.userId)} a ${event.data.role}`;
    case 'PartnerDecisionApplied': {
      const { role, previousRole } = event.data;
      const outcome = role === previousRole ? `stays a ${role}` : `is now a ${role}`;
      return `${name(event.data.userId)} ${outcome}: ${name(event.data.decidedBy)} ${event.data.approved ? 'approved' : 'took back'} their partner application`;
    }
    case 'CalendarFeedRotated':
      return `${name(event.data.userId)} made a new calendar feed address`;
    case 'UserDeleted':
      return `${name(event.data.deletedBy)} deleted ${name(event.data.userId)}`;
    case 'UsernameClaimed':
      return `${name(event.data.userId)} took the username ${event.data.username}`;
    case 'AdminGranted':
      return `${name(event.data.grantedBy)} made ${name(event.data.userId)} an admin`;
    case 'AdminRevoked':
      return `${name(event.data.revokedBy)} took admin from ${name(event.data.userId)}`;
    case 'FieldAdded':
      return `${actor} added the field ${event.data.name} (${event.data.city} ${event.data.zipCode}) at ${dollars(event.data.pricePerHourCents)}/h`;
    case 'FieldEdited':
      return `${actor} edited the field ${event.data.name}`;
    case 'FieldDeleted':
      return `${actor} deleted a field`;
    case 'FieldWithdrawn':
      return `${name(event.data.withdrawnBy)} withdrew a field of ${name(event.data.ownerId)}, whose account was deleted`;
    case 'FieldPolicySet': {
      const window =
        event.data.cancellationWindowHours === null
          ? 'the default cancellation window'
          : `a ${event.data.cancellationWindowHours}-hour cancellation window`;
      return `${actor} set ${window}${event.data.freeRental ? ' and free rentals' : ''}`;
    }
    case 'SubFieldAdded':
      return `${actor} added the sub-field ${event.data.name}`;
    case 'SubFieldRemoved':
      return `${actor} removed a sub-field`;
    case 'AvailabilityAdded':
      return `${actor} opened ${event.data.subFieldName} ${span(event.data)}`;
    case 'AvailabilityChanged':
      return `${actor} moved availability of ${event.data.subFieldName} to ${span(event.data)}`;
    case 'AvailabilityRemoved':
      return `${actor} removed availability of ${event.data.subFieldName}`;
    case 'SlotHeld':
      return `${actor} held ${event.data.subFieldName} ${span(event.data)} for ${dollars(event.data.rentalCents)}`;
    case 'HoldReleased':
      return `A hold on ${event.data.subFieldName} ended (${event.data.reason})`;
    case 'SlotBooked':
      return `${name(event.data.organizerId)} booked ${event.data.subFieldName} ${span(event.data)} for "${event.data.draft.name}"`;
    case 'BookingCancelled':
      return `A booking on ${event.data.subFieldName} was cancelled`;
    case 'SubFieldClosed':
      return `${event.data.subFieldName} closed (${event.data.reason.replace('_', ' ')})`;
    case 'SubFieldWithdrawn':
      return `${event.data.subFieldName} withdrawn (owner deleted)`;
    case 'AvailabilitySetAdded':
      return `${actor} made ${event.data.windowIds.length} weekly windows on ${event.data.subFieldName} until ${event.data.until}`;
    case 'AvailabilityDayClosed':
      return `${actor} closed ${event.data.subFieldName} on ${event.data.date}`;
    case 'GameScheduled':
      return `"${event.data.name}" scheduled at ${event.data.fieldName} · ${event.data.subFieldName}, ${span(event.data)}, entry ${event.data.priceCents ? dollars(event.data.priceCents) : 'free'}`;
    case 'PlayerJoined':
      return `${event.data.username || name(event.data.playerId)} joined${event.data.paymentId ? ', paid' : ''}`;
    case 'PlayerMoved':
      return `${name(event.data.movedBy)} moved ${name(event.data.playerId)} from ${TEAMS[event.data.from]} to ${TEAMS[event.data.to]}`;
    case 'PlayersSwitched':
      return `${name(event.data.switchedBy)} put ${name(event.data.incomingId)} on for ${name(event.data.outgoingId)}`;
    case 'PlayerLeft':
      return `${name(event.data.playerId)} left after ${Math.round(event.data.playedSeconds / 60)} min on the pitch`;
    case 'PlayerRemoved':
      return `${name(event.data.removedBy)} removed ${name(event.data.playerId)}${event.data.reason ? ' (account deleted)' : ''}${event.data.refundedPaymentId ? ', entry refunded' : ''}`;
    case 'PlayerAllowedBack':
      return `${name(event.data.allowedBy)} allowed ${name(event.data.playerId)} back`;
    case 'GameCancelled':
      return `${name(event.data.cancelledBy)} cancelled the game${event.data.reason ? ` (${WITHDRAWN_BECAUSE[event.data.reason]})` : ''}${event.data.rentalRefunded ? ', rental refunded' : ''}; ${event.data.entryRefunds.length} entries refunded`;
    case 'PaymentReceived':
      return `${dollars(event.data.amountCents)} from ${name(event.data.payerId)} to ${name(event.data.receiverId)} ${PAID_FOR[event.data.purpose.kind]}`;
    case 'FeeCharged':
      return `Fee of ${dollars(event.data.amountCents)} charged to ${name(event.data.receiverId)}`;
    case 'RefundIssued':
      return `${dollars(event.data.amountCents)} refunded to ${name(event.data.payerId)}`;
    case 'PartnerApplicationSubmitted':
      return `${event.data.contactName} (${event.data.email}) applied to partner ${event.data.fieldName}, ${event.data.city}`;
    case 'PartnerApplicationApproved':
      return `${name(event.data.approvedBy)} approved the partner application of ${event.data.email}`;
    case 'PartnerApplicationDeclined':
      return `${name(event.data.declinedBy)} declined a partner application`;
    case 'PartnerApplicationRevoked':
      return `${name(event.data.revokedBy)} revoked the approval of a partner application`;
    case 'PartnerApplicationClaimed':
      return `${name(event.data.applicantId)} confirmed a partner application as theirs`;
    case 'PartnerSheetImported':
      return event.data.failure
        ? `Partner spreadsheet not imported: ${event.data.failure}`
        : `Partner spreadsheet read: ${event.data.rows} rows, ${event.data.imported} new, ${event.data.errors.length} with errors`;
    case 'RegularsNamed':
      return `${event.data.regulars.length} of last week's players named this week's regulars`;
    case 'RegularAdded':
      return `${name(event.data.addedBy)} made ${event.data.username} a regular of this week`;
    case 'RegularRemoved':
      return `${name(event.data.removedBy)} took ${name(event.data.playerId)} off this week's regulars`;
    case 'PlayersReminded':
      return `${event.data.members.length} ${event.data.members.length === 1 ? 'member' : 'members'} reminded of the start`;
    case 'EntryPaymentLapsed':
      return `${name(event.data.playerId)}'s credit payment was not used to join in time: it lapsed, its credit went back`;
    case 'PaymentDifferenceFound':
      // Issue #45: a credit finding's other side is the payer's credit account, not the processor.
      if (event.data.processorStatus === 'credit')
        return `Reconciliation: ${event.data.kind.replaceAll('_', ' ')} (credit account ${dollars(event.data.processorAmountCents)}; ledger ${
          event.data.ledgerAmountCents === null ? 'none' : dollars(event.data.ledgerAmountCents)
        }), needs attention`;
      return `Reconciliation: ${event.data.kind.replaceAll('_', ' ')} (processor ${dollars(event.data.processorAmountCents)} ${event.data.processorStatus}, ${dollars(event.data.processorRefundedCents)} refunded; ledger ${
        event.data.ledgerAmountCents === null ? 'none' : dollars(event.data.ledgerAmountCents)
      }, ${dollars(event.data.ledgerRefundedCents)} refunded), ${event.data.resolution === 'applied' ? 'applied' : 'needs attention'}`;
    case 'GameMessageSent': {
      const what = event.data.announcement ? 'an announcement' : 'a message';
      const mentions = event.data.mentions.map((mention) => `@${mention.username}`).join(', ');
      return `${event.data.authorUsername || name(event.data.authorId)} wrote ${what} in the chat${mentions ? `, mentioning ${mentions}` : ''}`;
    }
    case 'GameMessageDeleted':
      return `${name(event.data.deletedBy)} deleted a message from the chat`;
    default:
      return `${event.type} by ${actor}`;
  }
}
