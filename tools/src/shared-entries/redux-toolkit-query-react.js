// What the apps use of '@reduxjs/toolkit/query/react' (see redux-toolkit.js).
export { createApi, fetchBaseQuery } from '../../../node_modules/@reduxjs/toolkit/dist/query/react/rtk-query-react.modern.mjs';
