import { setNonce } from "get-nonce";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// Radix locks page scroll by injecting a <style> element; it must carry the page's CSP nonce.
// Browsers hide the nonce attribute, but script elements still expose it as a property.
const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
if (nonce) setNonce(nonce);

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// The server's HTML is complete and works without JavaScript (links, forms): let the browser
// paint it before hydration takes the main thread (issue 13).
requestAnimationFrame(() => setTimeout(hydrate, 0));
