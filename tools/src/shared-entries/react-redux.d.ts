// Types of the list in react-redux.js: the package's own (its dist file has no declarations beside it).
export { Provider, ReactReduxContext, batch, shallowEqual, useDispatch, useSelector, useStore } from 'react-redux';
