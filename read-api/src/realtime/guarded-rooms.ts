import type pg from 'pg';
import { CHAT_READ_NOT_ALLOWED } from '@playtime/shared/contract/chat-texts';
import { GAME_PAYMENTS_FORBIDDEN } from '@playtime/shared/contract/credit-texts';
import type { JoinAnswer } from '@playtime/shared/contract/realtime';
import type { Room } from '@playtime/shared/contract/rooms';
import { mayReadChat } from '@playtime/shared/domain/chat/policies/access';
import type { CurrentUser } from '@playtime/shared/infra/http/current-user';
import { chatAccessInReadModel } from '../chat/chat-access';
import { gamePaymentsAccess } from '../payments/game-payments-access';

/**
 * The rooms of a game that only some of its people may follow, as its read models say who they are to
 * it (checked by the socket server before mayJoinRoom's rules): a game's chat for those who may read it
 * (issue #46), its payments for its organizer and admins (issue #45), the same checks as the reads they
 * keep live. The refusal to answer, or null when the room is not guarded or the user may follow it.
 */
export async function guardedRoomRefusal(
  db: Pick<pg.Pool, 'query'>,
  room: Room | null,
  user: CurrentUser | null,
): Promise<JoinAnswer | null> {
  switch (room?.kind) {
    case 'chat':
      return mayReadChat(await chatAccessInReadModel(db, room.id, user))
        ? null
        : { ok: false, error: CHAT_READ_NOT_ALLOWED };
    case 'payments':
      return user && (await gamePaymentsAccess(db, room.id, user)) === 'allowed'
        ? null
        : { ok: false, error: GAME_PAYMENTS_FORBIDDEN };
    default:
      return null;
  }
}
