// What the apps use of '@reduxjs/toolkit/query/react' (see redux-toolkit.js).
export { createApi, fetchBaseQuery } from '../../../node_modules/@reduxjs/toolkit/dist/query/react/rtk-query-react.modern.mjs';

// One copy of reselect on the page. RTK, RTK Query and this module each import reselect; splitChunks
// gives RTK and RTK Query one chunk of what they share (immer and reselect) but, reselect alone being
// under its minimum chunk size, copies it into this module's chunk as well (~1 KB gzip more). Using
// immer here too makes the three share that one chunk. Nothing else changes: RTK evaluates immer anyway.
import { produce } from 'immer';
void produce;
