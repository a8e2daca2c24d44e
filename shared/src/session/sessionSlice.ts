// Who is signed in. Several remotes read it (header, guard, account, checkout), so it lives here.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '../contracts/index.ts';

export interface SessionState {
  user: User | null;
}

const initialState: SessionState = { user: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<User>) {
      state.user = action.payload;
    },
    /** Server-returned fields (profile, address, beta status) merged into the signed-in user. */
    userUpdated(state, action: PayloadAction<Partial<User>>) {
      if (state.user) state.user = { ...state.user, ...action.payload };
    },
    signedOut(state) {
      state.user = null;
    },
  },
  selectors: {
    selectUser: (state) => state.user,
    selectToken: (state) => state.user?.token ?? null,
    selectIsSignedIn: (state) => state.user !== null,
    selectRole: (state) => state.user?.roleName?.toUpperCase() ?? null,
  },
});

export const { signedIn, userUpdated, signedOut } = sessionSlice.actions;
export const { selectUser, selectToken, selectIsSignedIn, selectRole } = sessionSlice.selectors;
