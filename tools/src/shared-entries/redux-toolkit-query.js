// What the apps and RTK Query's React module use of '@reduxjs/toolkit/query' (see redux-toolkit.js).
// fetchBaseQuery is listed because '@reduxjs/toolkit/query/react' re-exports it from this request.
export {
  QueryStatus,
  buildCreateApi,
  copyWithStructuralSharing,
  coreModule,
  fetchBaseQuery,
  setupListeners,
  skipToken,
} from '../../../node_modules/@reduxjs/toolkit/dist/query/rtk-query.modern.mjs';
