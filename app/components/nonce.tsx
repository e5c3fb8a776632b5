import { createContext, useContext } from "react";

/** The CSP nonce of the current response; set by entry.server, empty in the browser. */
export const NonceContext = createContext<string>("");
export const useNonce = () => useContext(NonceContext);
