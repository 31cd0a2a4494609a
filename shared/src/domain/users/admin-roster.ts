import { DomainError, decideByType, unknownType, type CommandOf, type DecisionContext, type Decider } from '../decider';
import type { AdminRosterEvent } from './events';

export type AdminRosterCommand = { type: 'GrantAdmin'; userId: string } | { type: 'RevokeAdmin'; userId: string };
export type AdminRosterState = { admins: ReadonlySet<string> };

function grantAdmin(
  { userId }: CommandOf<AdminRosterCommand, 'GrantAdmin'>,
  state: AdminRosterState,
  context: DecisionContext,
): AdminRosterEvent[] {
  return state.admins.has(userId)
    ? []
    : [{ type: 'AdminGranted', data: { userId, grantedBy: context.actorId ?? 'system' } }];
}

function revokeAdmin(
  { userId }: CommandOf<AdminRosterCommand, 'RevokeAdmin'>,
  state: AdminRosterState,
  context: DecisionContext,
): AdminRosterEvent[] {
  const actor = context.actorId ?? 'system';
  if (!state.admins.has(userId)) return [];
  if (state.admins.size === 1) {
    const who = userId === actor ? 'You are' : 'This user is';
    throw new DomainError(
      'conflict',
      'last_admin',
      `${who} the last admin. Make another user admin first, so someone can still manage users.`,
    );
  }
  return [{ type: 'AdminRevoked', data: { userId, revokedBy: actor } }];
}

/**
 * Who is an admin. Every grant and removal of the admin role goes through this one stream, so two
 * admins demoting each other at the same moment are decided one after the other and the second is
 * refused: there is always someone left who can manage users.
 */
export const adminRosterDecider: Decider<AdminRosterCommand, AdminRosterEvent, AdminRosterState> = {
  initialState: () => ({ admins: new Set() }),
  evolve(state, event) {
    switch (event.type) {
      case 'AdminGranted':
        return { admins: new Set([...state.admins, event.data.userId]) };
      case 'AdminRevoked':
        return { admins: new Set([...state.admins].filter((admin) => admin !== event.data.userId)) };
      default:
        return unknownType(event);
    }
  },
  decide: decideByType({
    GrantAdmin: grantAdmin,
    RevokeAdmin: revokeAdmin,
  }),
};
