import { availabilityDecider } from '../../domain/availability/decider';
import type { SubFieldRef } from '../../domain/availability/commands/types';
import { subFieldStream } from '../../domain/availability/events';
import type { CommandDoor } from '../../infra/commands/command-door';
import type { EventMetadata } from '../../infra/eventstore/port';

export type ExpireHoldJob = { kind: 'expire-hold'; subField: SubFieldRef; holdId: string };

/** The hold is released, unless it was booked or released meanwhile (then the command decides nothing). */
export async function expireHold(commands: CommandDoor, job: ExpireHoldJob, metadata: EventMetadata): Promise<void> {
  await commands.run({
    decider: availabilityDecider,
    streamId: subFieldStream(job.subField.subFieldId),
    command: { type: 'ReleaseHold', subField: job.subField, holdId: job.holdId, reason: 'expired' },
    newId: () => job.holdId,
    actorId: null,
    metadata,
  });
}
