/** `react-dom` for the build: Preact's compatibility layer (decision 063). */
// @ts-expect-error: Preact's types declare the module with `export =`; the build reads its ES exports.
export * from "preact/compat";
export { default } from "preact/compat";
