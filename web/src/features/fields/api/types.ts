/** A sub-field of an owner's field (GET /api/get-owner-fields). */
export interface SubField {
  subFieldId: string;
  name: string;
}

/** One of the owner's fields, as GET /api/get-owner-fields answers it; price is dollars per hour. */
export interface OwnerField {
  fieldId: string;
  fieldName: string;
  address: string;
  zipCode: string;
  city: string;
  price: number;
  picture: string;
  description: string;
  subFields: SubField[];
}

/** The body of POST /api/add-field (edit-field adds the fieldId). */
export interface FieldPayload {
  name: string;
  address: string;
  zipCode: string;
  city: string;
  price: number;
  description: string;
  picture: string;
}
