import { DomainError, unknownType, type Decider } from '../decider';
import type { UsernameEvent } from './events';

export type UsernameClaimCommand = { type: 'ClaimUsername'; username: string; userId: string };
export type UsernameClaimState = { claimedBy: string | null };

export const USERNAME_MAX_LENGTH = 40;

/** The username is the part of the email before '@' unless the identity provider gave a nickname. */
export function usernameFor(email: string, nickname: string): string {
  const base = (nickname || email.split('@')[0] || 'player').trim();
  return base.slice(0, USERNAME_MAX_LENGTH);
}

/** The name to try on the given attempt (1-based): `ana`, then `ana2`, `ana3`..., kept within the length limit. */
export function usernameCandidate(base: string, attempt: number): string {
  if (attempt <= 1) return base;
  const suffix = String(attempt);
  return `${base.slice(0, USERNAME_MAX_LENGTH - suffix.length)}${suffix}`;
}

function claimUsername(command: UsernameClaimCommand, state: UsernameClaimState): UsernameEvent[] {
  if (state.claimedBy === command.userId) return [];
  if (state.claimedBy !== null)
    throw new DomainError('conflict', 'username_taken', `The username ${command.username} is taken.`);
  return [{ type: 'UsernameClaimed', data: { username: command.username, userId: command.userId } }];
}

/** One username, held by the first user to claim it; the same user claiming it again changes nothing. */
export const usernameClaimDecider: Decider<UsernameClaimCommand, UsernameEvent, UsernameClaimState> = {
  initialState: () => ({ claimedBy: null }),
  evolve: (state, event) => (state.claimedBy === null ? { claimedBy: event.data.userId } : state),
  decide(command, state) {
    switch (command.type) {
      case 'ClaimUsername':
        return claimUsername(command, state);
      default:
        return unknownType(command.type);
    }
  },
};
