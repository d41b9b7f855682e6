/**
 * Input made inside an island before its code has arrived (issue 21, item 1).
 *
 * React cannot deliver a click or a submit to a section it has not hydrated, so until an island's
 * wrapper carries `data-hydrated` such an event is held (its default action prevented) and replayed
 * once the island has hydrated (`ReplayHeldInput` in ./island). The listener is an inline script
 * in the head, so it runs as soon as the HTML does: a listener in a module (as before) came too
 * late when a visitor clicked while the page's JavaScript was still downloading, and that click
 * did nothing. Links are never held: they navigate or scroll by themselves, with or without code.
 *
 * A link to a section of the same page scrolls there itself (it replaces the address's #part, and
 * moves focus to the section when it takes focus), waiting for the section if the page is still
 * arriving: clicked that early, the browser's own fragment scroll had nothing to scroll to. The
 * #part is written once the page has hydrated: an address that differs from the one the server
 * rendered makes the router start with a navigation, which resets the scroll to the top. It listens
 * in the capture phase: React stops the propagation of a click on a section it has not hydrated. Left to the browser, the fragment navigation
 * reached the router as a new location: every island not yet hydrated received it, React had to
 * client-render them, their HTML (the contact section among them) left the page until their code
 * arrived, and the router, finding no element for the #part, scrolled to the top (issue 21,
 * item 2). Without JavaScript the browser follows the link as usual.
 *
 * Each held event is kept (in order, several per island); one that cannot be replayed is recorded
 * in `window.__islandInput.dropped` with the reason, for tests and for anyone debugging.
 */
export interface HeldInput {
  type: "click" | "submit";
  island: string;
  target: Element;
  /** Child indexes from the island's wrapper to the target, to find it again if React replaced it. */
  path: number[];
  submitter: HTMLElement | null;
}

export interface IslandInput {
  held: HeldInput[];
  dropped: { type: string; island: string; reason: string }[];
}

declare global {
  interface Window {
    __islandInput?: IslandInput;
  }
}

/** The event islands listen to, to start loading their code at once. */
export const HELD_EVENT = "island-input-held";

// Plain ES5-level JavaScript in a string: the server and the client render the same text, and
// nothing from the bundle is needed before it runs.
export const HOLD_ISLAND_INPUT_SCRIPT = `(function(){
var state={held:[],dropped:[]};window.__islandInput=state;
function hold(e){
var t=e.target;if(!(t instanceof Element))return;
var w=t.closest("[data-island]");if(!w||w.hasAttribute("data-hydrated"))return;
if(e.type==="click"&&t.closest("a[href]"))return;
e.preventDefault();e.stopImmediatePropagation();
var path=[];for(var n=t;n&&n!==w;n=n.parentElement){path.unshift(Array.prototype.indexOf.call(n.parentElement.children,n));}
state.held.push({type:e.type,island:w.getAttribute("data-island"),target:t,path:path,submitter:e.submitter||null});
dispatchEvent(new CustomEvent("${HELD_EVENT}"));
}
addEventListener("click",hold,true);addEventListener("submit",hold,true);
function section(e){
if(e.defaultPrevented||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;
var a=e.target instanceof Element&&e.target.closest("a[href]");
if(!a||!a.hash||(a.target&&a.target!=="_self")||a.hasAttribute("download"))return;
if(a.origin+a.pathname+a.search!==location.origin+location.pathname+location.search)return;
var id;try{id=decodeURIComponent(a.hash.slice(1));}catch(x){return;}
if(!id)return;
e.preventDefault();
var hash=a.hash;(function mark(){
if(document.documentElement.dataset.hydrated==="true")history.replaceState(history.state,"",hash);
else setTimeout(mark,100);
})();
var tries=0;(function go(){
var t=document.getElementById(id);
if(!t){if(document.readyState!=="complete"||tries++<40)setTimeout(go,50);return;}
t.scrollIntoView({block:"start"});
if(t.hasAttribute("tabindex"))t.focus({preventScroll:true});
})();
}
addEventListener("click",section,true);
})();`;

export function islandInput(): IslandInput {
  return (window.__islandInput ??= { held: [], dropped: [] });
}

function resolve(wrapper: Element, held: HeldInput): Element | null {
  if (held.target.isConnected) return held.target;
  let node: Element | undefined = wrapper;
  for (const index of held.path) node = node?.children[index];
  return node ?? null;
}

/** Marks the island hydrated and replays, in order, what was held for it. */
export function replayHeldInput(islandId: string) {
  const wrapper = document.querySelector(`[data-island="${CSS.escape(islandId)}"]`);
  if (!wrapper) return;
  wrapper.setAttribute("data-hydrated", "true");
  const state = islandInput();
  const mine = state.held.filter((held) => held.island === islandId);
  state.held = state.held.filter((held) => held.island !== islandId);
  for (const held of mine) {
    const target = resolve(wrapper, held);
    if (!target) {
      state.dropped.push({
        type: held.type,
        island: islandId,
        reason: "target no longer in the page",
      });
    } else if (held.type === "submit") {
      const form = target instanceof HTMLFormElement ? target : target.closest("form");
      const submitter = held.submitter as HTMLButtonElement | null;
      if (form)
        form.requestSubmit(submitter?.isConnected && submitter.form === form ? submitter : null);
      else state.dropped.push({ type: held.type, island: islandId, reason: "form gone" });
    } else if (target instanceof HTMLElement) {
      target.click();
    } else {
      // A click on a button's icon lands on its <svg>, which has no click().
      target.dispatchEvent(
        new MouseEvent("click", { bubbles: true, cancelable: true, view: window }),
      );
    }
  }
}
