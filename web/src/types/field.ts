export type { FieldPayload, OwnerField, SubField } from '@playtime/shared/contract/fields';
