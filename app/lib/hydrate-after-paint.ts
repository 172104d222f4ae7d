/**
 * Hydration after the first paint (docs/decisions/024-hydrate-after-first-paint.md). The server
 * leaves React Router's module preloads and bootstrap script inert; this script, in the document,
 * starts them once the browser has painted, so the page shows before its scripts compete for the
 * connection. Preloads first, so every module downloads at once rather than import by import.
 */
export const INERT_PRELOAD_REL = "x-after-paint-modulepreload";
export const INERT_SCRIPT_TYPE = "text/x-after-paint";

/**
 * A click on a script-only button (`type="button"`: it has no native action) before hydration would
 * be lost; it is noted here and replayed (a whole press: some widgets act on mousedown) by the root
 * once the app has hydrated. Links, forms and inputs work natively and are left alone.
 *
 * Until Preact (React's API: decision 063) has committed the hydrated page, such a press is held
 * here and kept from the page (`stopImmediatePropagation` on the document, in the capture phase, so
 * it reaches no handler): a click both noted and let through could act twice (a menu opening and
 * shutting again). The root stops holding in a layout effect, at the commit
 * (`STOP_HOLDING_CLICKS`); from then on the page has every click, and the held ones are replayed once
 * (`REPLAY_CLICKS`).
 */
export const REPLAY_CLICKS = "__replayClicksAfterHydration";
export const STOP_HOLDING_CLICKS = "__stopHoldingClicks";

/**
 * On `<html>`: "committed" once React has the hydrated page, "live" once the held clicks have been
 * replayed too (the browser tests wait for it).
 */
export const HYDRATED_ATTRIBUTE = "data-hydrated";

/**
 * In `<head>`, so a press is held from the first button the browser shows: at the end of the body
 * it missed a tap on a button drawn while the rest of a long page was still arriving.
 */
export const holdEarlyClicksScript = `(function(){
var clicked=[];var press=["pointerdown","mousedown","pointerup","mouseup","click"];
function hold(event){var button=event.target instanceof Element&&event.target.closest('button[type="button"]');if(!button)return;event.stopImmediatePropagation();if(event.type==="click"&&clicked.indexOf(button)<0)clicked.push(button)}
press.forEach(function(type){document.addEventListener(type,hold,true)});
window.${STOP_HOLDING_CLICKS}=function(){press.forEach(function(type){document.removeEventListener(type,hold,true)})};
window.${REPLAY_CLICKS}=function(){window.${STOP_HOLDING_CLICKS}();var list=clicked;clicked=[];list.forEach(function(button){if(!button.isConnected)return;["pointerdown","mousedown","pointerup","mouseup"].forEach(function(type){var Press=type.indexOf("pointer")===0&&window.PointerEvent?PointerEvent:MouseEvent;button.dispatchEvent(new Press(type,{bubbles:true,cancelable:true,button:0,isPrimary:true}))});button.click()})};
})();`;

/** At the end of the body, where every inert preload and script it starts is already parsed. */
export const startAfterPaintScript = `(function(){
var started=false;
function start(){
  if(started)return;started=true;
  document.querySelectorAll('link[rel="${INERT_PRELOAD_REL}"]').forEach(function(inert){
    var link=document.createElement("link");link.rel="modulepreload";link.href=inert.href;document.head.appendChild(link);
  });
  document.querySelectorAll('script[type="${INERT_SCRIPT_TYPE}"]').forEach(function(inert){
    var script=document.createElement("script");script.type="module";script.nonce=inert.nonce;script.textContent=inert.textContent;document.body.appendChild(script);
  });
}
try{new PerformanceObserver(function(list,observer){observer.disconnect();setTimeout(start,0)}).observe({type:"paint",buffered:true})}catch(e){start()}
if(document.visibilityState==="hidden")start();
document.addEventListener("visibilitychange",start,{once:true});
setTimeout(start,3000);
})();`;
