// Entities for this remote's tests, shaped exactly as the API contract says.
export { authBody, errorBody, makeProduct, makeUser } from '@grocer/shared/testing';
