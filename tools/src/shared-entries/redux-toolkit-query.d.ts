// Types for redux-toolkit-query.js, whose dist file has no declarations beside it: the package's own, whole.
// The list of names lives only in the .js (entries.test.ts checks it); listing them here too
// would only be a second copy to keep in step.
export * from '@reduxjs/toolkit/query';
