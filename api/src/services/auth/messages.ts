// What sign-in, sign-up and the e-mailed links answer, word for word (the shop shows them as they are).
export const MESSAGES = {
  signInFailed: 'Invalid email or password.',
  emailTaken: 'An account with this email may already exist. Try signing in or resetting your password.',
  unauthorized: 'Authentication failed. Please sign in again.',
  verified: 'Email verified successfully.',
  verifyFailed: 'This verification link is invalid or has expired.',
  alreadyVerified: 'This email address is already verified.',
  resendSent: 'If an account with that email needs verification, a new link has been sent.',
  forgotSent: 'If an account exists for that email, a password reset link has been sent.',
  resetDone: 'Password reset successful. Please sign in with your new password.',
  resetInvalid: 'Invalid or missing reset token. Please request a new password reset link.',
  googleFailed: 'Google sign-in failed. Please try again.',
  googleUnavailable: 'Google sign-in is not available right now.',
  signedOut: 'You have been signed out.',
  signedOutEverywhere: 'You have been signed out on every device.',
} as const;
