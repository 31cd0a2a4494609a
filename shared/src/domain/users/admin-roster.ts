import { DomainError, type Decider } from '../decider';
import type { AdminRosterEvent } from './events';

export type AdminRosterCommand = { type: 'GrantAdmin'; userId: string } | { type: 'RevokeAdmin'; userId: string };
export type AdminRosterState = { admins: ReadonlySet<string> };

/**
 * Who is an admin. Every grant and removal of the admin role goes through this one stream, so two
 * admins demoting each other at the same moment are decided one after the other and the second is
 * refused: there is always someone left who can manage users.
 */
export const adminRosterDecider: Decider<AdminRosterCommand, AdminRosterEvent, AdminRosterState> = {
  initialState: () => ({ admins: new Set() }),
  evolve(state, event) {
    const admins = new Set(state.admins);
    if (event.type === 'AdminGranted') admins.add(event.data.userId);
    else admins.delete(event.data.userId);
    return { admins };
  },
  decide(command, state, context) {
    const actor = context.actorId ?? 'system';
    if (command.type === 'GrantAdmin') {
      return state.admins.has(command.userId) ? [] : [{ type: 'AdminGranted', data: { userId: command.userId, grantedBy: actor } }];
    }
    if (!state.admins.has(command.userId)) return [];
    if (state.admins.size === 1) {
      const who = command.userId === actor ? 'You are' : 'This user is';
      throw new DomainError('conflict', 'last_admin', `${who} the last admin. Make another user admin first, so someone can still manage users.`);
    }
    return [{ type: 'AdminRevoked', data: { userId: command.userId, revokedBy: actor } }];
  },
};
