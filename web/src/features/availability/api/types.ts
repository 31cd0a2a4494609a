// The read model's answers are the contract's, which the read API answers with.
export type {
  AvailabilityEntry,
  AvailabilityWindow,
  GameEntry,
  OwnerGameDetails,
  TimelineEntry,
  SubFieldTimeline,
} from '@playtime/shared/contract/availability';
