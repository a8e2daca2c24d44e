// Types of the list in redux-toolkit-query-react.js: the package's own (its dist file has no declarations beside it).
export { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
