/** The realtime feature's public surface: following a room keeps the given queries fresh. */
export { useLiveRoom } from './use-live-room';
