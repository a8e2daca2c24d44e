// Types of the list in redux-toolkit-query.js: the package's own (its dist file has no declarations beside it).
export {
  QueryStatus,
  buildCreateApi,
  copyWithStructuralSharing,
  coreModule,
  fetchBaseQuery,
  setupListeners,
  skipToken,
} from '@reduxjs/toolkit/query';
