import { describe, expect, it } from "vitest";
import { mergeClasses } from "./merge-classes";

describe("mergeClasses", () => {
  it("lets the caller's padding, text colour and size replace the component's", () => {
    expect(mergeClasses("px-5 py-2.5 text-sm text-plum-700 hover:bg-plum-50", "px-0 text-red-800")).toBe(
      "py-2.5 text-sm hover:bg-plum-50 px-0 text-red-800",
    );
    expect(mergeClasses("min-h-11 px-5 text-sm", "min-h-9 px-4 text-[0.8125rem]")).toBe(
      "min-h-9 px-4 text-[0.8125rem]",
    );
  });

  it("keeps classes of another state or property, and the component's classes when nothing is added", () => {
    expect(mergeClasses("bg-plum-700 hover:bg-plum-800 disabled:bg-disabled", "hover:bg-red-800")).toBe(
      "bg-plum-700 disabled:bg-disabled hover:bg-red-800",
    );
    expect(mergeClasses("border border-plum-600", "border-red-700 mt-4 w-full")).toBe(
      "border border-red-700 mt-4 w-full",
    );
    expect(mergeClasses("p-5 text-sm", "")).toBe("p-5 text-sm");
  });
});
