// The checkpoint's text form is part of the contract (headers and realtime messages carry it).
export {
  compareCheckpoints,
  formatCheckpoint,
  laterCheckpoint,
  parseCheckpoint,
  type LogCheckpoint,
} from '../../contract/checkpoints';
