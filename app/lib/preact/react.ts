/**
 * `react` for the build: Preact's compatibility layer (decision 063), with the one hook React Router
 * imports that it lacks. `useOptimistic` only matters to React Router's `useTransitions` option, which
 * the site does not use: the state is passed through.
 */
import { type ComponentChildren, Fragment, options } from "preact";

// @ts-expect-error: Preact's types declare the module with `export =`; the build reads its ES exports.
export * from "preact/compat";
export { default } from "preact/compat";

export function useOptimistic<S>(state: S): [S, (action: unknown) => void] {
  return [state, () => {}];
}

// React's own prop, which Preact would write out as an attribute (React Router sets it on its scripts
// and preloads).
// In the browser, Preact renders a document into its `<html>` element, so the root's `<html>` stands
// for that element and only its children are Preact's (its `lang` is the server's).
const inBrowser = typeof document !== "undefined";
const previousVnode = options.vnode;
options.vnode = (vnode) => {
  const props = vnode.props as Record<string, unknown> | null;
  if (props && typeof vnode.type === "string") {
    if ("suppressHydrationWarning" in props) delete props.suppressHydrationWarning;
    if (inBrowser && vnode.type === "html") {
      (vnode as { type: unknown }).type = Fragment;
      vnode.props = { children: props.children as ComponentChildren };
    }
  }
  previousVnode?.(vnode);
};
