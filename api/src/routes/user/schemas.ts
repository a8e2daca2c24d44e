// Form fields of the account routes; their answers are @grocer/shared/schemas (User, Profile), whose
// fields are the only ones serialised, so a password or token hash cannot leak.
import { Type } from 'typebox';

/** Text fields of forms: bounded so one request cannot carry megabytes into a column. */
export const text = (maxLength: number, description?: string) => Type.String({ maxLength, ...(description ? { description } : {}) });
