import { createContext, useContext } from 'react';

/**
 * The nonce of the page's Content-Security-Policy (set per response by the function,
 * functions/src/http/routes/pages.ts), for the framework's inline scripts. Server only: the
 * browser hides nonces from the DOM, and the scripts have run by the time the app hydrates.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
