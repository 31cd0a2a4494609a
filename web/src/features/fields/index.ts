/** The fields feature's public surface: the owner's field types, the price label, and the owner page (loaded on first visit). */
export type { OwnerField, SubField } from './api/types';
export { formatHourlyPrice } from './field-form';

export const loadFieldOwnerPage = () => import('./field-owner-page');
