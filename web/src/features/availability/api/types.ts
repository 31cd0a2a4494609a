// The read model's answers are the contract's, which the read API answers with.
export type { AvailabilityEntry, AvailabilityWindow, GameEntry, OwnerGameDetails, ScheduleEntry, SubFieldSchedule } from '@playtime/shared/contract/availability';
