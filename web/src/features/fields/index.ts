/** The fields feature's public surface: the owner's Field Management tab, their fields and its query keys. */
export { useOwnerFields } from './api/fields';
export { fieldKeys } from './api/query-keys';
export { FieldManagement } from './field-management';
