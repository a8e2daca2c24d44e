// What the apps and RTK Query use of @reduxjs/toolkit, and all that the page gets of it (see
// react-router.ts for why a shared module is provided through a list). RTK Query imports its core
// from the request '@reduxjs/toolkit', so its names are listed too; the test beside this file fails
// when an app or RTK's own query modules import a name missing here.
export {
  SHOULD_AUTOBATCH,
  combineReducers,
  combineSlices,
  configureStore,
  createAction,
  createAsyncThunk,
  createNextState,
  createSelector,
  createSlice,
  formatProdErrorMessage,
  isAction,
  isAllOf,
  isAnyOf,
  isAsyncThunkAction,
  isFulfilled,
  isPending,
  isPlainObject,
  isRejected,
  isRejectedWithValue,
  nanoid,
  prepareAutoBatched,
} from '../../../node_modules/@reduxjs/toolkit/dist/redux-toolkit.modern.mjs';
