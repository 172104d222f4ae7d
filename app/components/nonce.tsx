import { createContext, useContext } from "react";

const NonceContext = createContext("");

/** The CSP nonce of the current response (empty in the browser, which hides nonces anyway). */
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
