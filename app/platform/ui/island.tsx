// @chunk shell
import { type ComponentType, Suspense, memo, use, useEffect, useId, useState } from "react";

/**
 * Islands (issue 13): a below-the-fold section whose code is not part of the first load.
 *
 * The server renders the section as usual, so the HTML is complete without JavaScript and nothing
 * shifts. In the browser, hydration reaches the island's Suspense boundary and suspends: React
 * keeps the server's HTML as it is and hydrates it once the section's chunk has arrived, which is
 * when the section comes within `margin` of the viewport (or, with `when: "scroll"`, at the first
 * scroll), or at the visitor's first click or key press on the page, whichever comes first. On a
 * page reached by client-side navigation the islands load at once and the navigation waits for them.
 *
 * Props must be serialisable data from the loader (the island is memoised on them): an island that
 * re-renders with new props before its code has arrived would lose its server HTML.
 *
 * The server renders with `progressiveChunkSize` at its maximum (`entry.server.tsx`): otherwise
 * React streams a finished boundary as a hidden segment that only a script reveals, and without
 * JavaScript the section would stay hidden.
 */
export interface IslandOptions {
  /** `visible` (default): when within `margin` of the viewport; `scroll`: at the first scroll. */
  when?: "visible" | "scroll";
  /** How far ahead of the viewport to start loading (IntersectionObserver rootMargin). */
  margin?: string;
}

/** Server only: every island's module, which the server entry awaits before rendering. */
const serverLoads: Promise<unknown>[] = [];
export const islandsReady = () => Promise.all(serverLoads);

/** Islands still waiting for their trigger; a click or a key press anywhere starts them all. */
const waiting = new Set<() => void>();
/** Islands whose code has arrived and hydrated, by their data-island id. */
const hydrated = new Set<string>();
/**
 * A click on an island whose code has not arrived yet: React would drop it (the boundary cannot
 * hydrate without the code), so it is held and clicked again once the island has hydrated.
 */
const heldClicks = new Map<string, Element>();
function listenForInteraction() {
  const startAll = (event: Event) => {
    if (event.type === "click") holdUntilHydrated(event);
    for (const start of [...waiting]) start();
  };
  for (const type of ["click", "keydown"]) {
    window.addEventListener(type, startAll, { capture: true });
  }
}

// From the moment this code runs, not only once an island waits: a click may come before React
// has reached the islands.
if (typeof window !== "undefined") listenForInteraction();

function holdUntilHydrated(event: Event) {
  // An Element, not only an HTMLElement: a click on a button's icon lands on its <svg>.
  const target = event.target instanceof Element ? event.target : null;
  const id = target?.closest<HTMLElement>("[data-island]")?.dataset.island;
  if (!target || !id || hydrated.has(id)) return;
  event.preventDefault();
  event.stopPropagation();
  heldClicks.set(id, target);
}

function replayClick(target: Element) {
  if (target instanceof HTMLElement) target.click();
  else
    target.dispatchEvent(
      new MouseEvent("click", { bubbles: true, cancelable: true, view: window }),
    );
}

/**
 * Renders nothing; once its island has hydrated, clicks what was clicked while it had not, and
 * marks the wrapper `data-hydrated` (as the root marks the document) for tests to wait on.
 */
function ReplayHeldClick({ islandId }: { islandId: string }) {
  useEffect(() => {
    hydrated.add(islandId);
    document
      .querySelector(`[data-island="${CSS.escape(islandId)}"]`)
      ?.setAttribute("data-hydrated", "true");
    const held = heldClicks.get(islandId);
    heldClicks.delete(islandId);
    if (held?.isConnected) replayClick(held);
    return () => void hydrated.delete(islandId);
  }, [islandId]);
  return null;
}

export function island<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { when = "visible", margin = "50% 0px" }: IslandOptions = {},
): ComponentType<P> {
  let Component: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const start = () =>
    (loading ??= load().then((loaded) => {
      Component = loaded;
    }));
  if (import.meta.env.SSR) serverLoads.push(start());

  // One promise per island on the page, keyed by its useId (stable between server and client).
  const triggers = new Map<string, Promise<void>>();
  function trigger(id: string, hydrating: boolean) {
    let promise = triggers.get(id);
    if (promise) return promise;
    const wrapper = document.querySelector(`[data-island="${CSS.escape(id)}"]`);
    const elements = wrapper ? [...wrapper.children] : [];
    // A client-side navigation, nothing to watch, a click already waiting, or (for `scroll`) a
    // page scrolled before React reached this island: load now.
    const scrolled = when === "scroll" && window.scrollY > 0;
    if (!hydrating || elements.length === 0 || heldClicks.has(id) || scrolled) {
      promise = start();
    } else {
      promise = new Promise<void>((resolve) => {
        const go = () => {
          waiting.delete(go);
          observer?.disconnect();
          window.removeEventListener("scroll", go);
          resolve(start());
        };
        waiting.add(go);
        let observer: IntersectionObserver | undefined;
        if (when === "scroll") {
          window.addEventListener("scroll", go, { once: true, passive: true });
        } else {
          observer = new IntersectionObserver(
            (entries) => {
              if (entries.some((entry) => entry.isIntersecting)) go();
            },
            { rootMargin: margin },
          );
          for (const element of elements) observer.observe(element);
        }
      });
    }
    triggers.set(id, promise);
    void promise.then(() => triggers.delete(id));
    return promise;
  }

  function Contents({
    islandId,
    props,
    hydrating,
  }: {
    islandId: string;
    props: P;
    hydrating: boolean;
  }) {
    if (!Component) use(trigger(islandId, hydrating));
    const Loaded = Component as ComponentType<P>;
    return (
      <>
        <Loaded {...props} />
        <ReplayHeldClick islandId={islandId} />
      </>
    );
  }

  function Island(props: P) {
    const id = useId();
    // Fixed at mount. Hydrating: the boundary keeps the server's HTML until the code arrives. A
    // client-side navigation: no boundary, so the navigation (a transition) commits once the
    // code is there, instead of showing the page with the section missing and then shifting.
    const [hydrating] = useState(
      () => typeof document === "undefined" || document.documentElement.dataset.hydrated !== "true",
    );
    const contents = <Contents islandId={id} props={props} hydrating={hydrating} />;
    return (
      // `contents`: the wrapper takes no box, so the page's layout is the same as without it.
      <div className="contents" data-island={id}>
        {hydrating ? <Suspense fallback={null}>{contents}</Suspense> : contents}
      </div>
    );
  }
  return memo(Island) as unknown as ComponentType<P>;
}
