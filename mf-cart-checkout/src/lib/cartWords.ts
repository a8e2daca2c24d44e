// Words the cart says in more than one place: its page and its first screen (cartFirstScreen.ts,
// drawn before the shared libraries load, so only leaf imports here), and the store notes.
import { formatCents } from '@grocer/shared/format';

/** '1 item', '3 stores'. */
export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The link's words: 'Add $3.20 more from Fresh Mart' (then TO_CHECK_OUT). */
export const addMoreText = (shortCents: number, storeName: string) => `Add ${formatCents(shortCents)} more from ${storeName}`;
export const TO_CHECK_OUT = ' to check out';
