import { createContext, useContext } from "react";

// The browser hides nonces from script once the page has loaded, so the client value is empty.
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
