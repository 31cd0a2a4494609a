// The read model's answers are the contract's, which the read API answers with.
export type { AvailabilityEntry, AvailabilityWindow, GameEntry, OwnerGameDetails, TimelineEntry as ScheduleEntry, SubFieldTimeline as SubFieldSchedule } from '@playtime/shared/contract/availability';
