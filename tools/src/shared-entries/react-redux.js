// What the apps and RTK Query's React module use of react-redux (see redux-toolkit.js): no connect()
// and its selector factories.
export {
  Provider,
  ReactReduxContext,
  batch,
  shallowEqual,
  useDispatch,
  useSelector,
  useStore,
} from '../../../node_modules/react-redux/dist/react-redux.mjs';
