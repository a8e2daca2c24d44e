// The wire shapes as TypeBox schemas: the one place each request and response shape is written. Each
// contract type is derived with `Static` beside its schema and re-exported type-only by
// @grocer/shared/contracts, so the browser bundles never load this module or TypeBox. Only the API
// imports it (validation, serialisation, OpenAPI); `typebox` is its optional peer dependency.
export * from './catalogue.ts';
export * from './orders.ts';
export * from './checkout.ts';
export * from './account.ts';
export * from './ops.ts';
export * from './errors.ts';
export * from './vitals.ts';
