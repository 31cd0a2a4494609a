import { DomainError, type DecisionContext } from '../../decider';
import { ONLY_YOUR_OWN_FIELDS } from '../../fields/messages';

/**
 * Only a sub-field's owner, or an admin, changes its availability or asks what a change would do
 * (a preview names the games booked on it, issue #41). Answers the actor.
 */
export function refuseUnlessOwnerOrAdmin(
  subField: { ownerId: string },
  context: Pick<DecisionContext, 'actorId'>,
  actorIsAdmin: boolean,
): string {
  const actor = context.actorId;
  if (actor === null || (actor !== subField.ownerId && !actorIsAdmin))
    throw new DomainError('forbidden', 'not_your_field', ONLY_YOUR_OWN_FIELDS);
  return actor;
}
