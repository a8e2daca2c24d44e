// Validation rules of spec §5 with their exact messages. Pure functions (no DOM, no React):
// the browser forms and the API's schemas use the same rules and constants.
export * from './messages.ts';
export * from './form.ts';
export * from './email.ts';
export * from './password.ts';
export * from './auth.ts';
export * from './resetPassword.ts';
export * from './address.ts';
export * from './checkout.ts';
export * from './quantity.ts';
