import { describe, expect, it } from "vitest";
import { pageCount, pageHref, pageWindow, parsePageParam } from "./pagination";

describe("parsePageParam", () => {
  it("reads a missing parameter as page 1", () => {
    expect(parsePageParam(null)).toBe(1);
  });

  it("accepts positive whole numbers", () => {
    expect(parsePageParam("1")).toBe(1);
    expect(parsePageParam("2")).toBe(2);
    expect(parsePageParam("417")).toBe(417);
  });

  it.each(["", "0", "-1", "1.5", "abc", "2abc", " 2", "01", "1e3", "+3", "0x10"])("refuses %j", (value) => {
    expect(parsePageParam(value)).toBeNull();
  });

  it("keeps a huge page number a number, past any last page", () => {
    expect(parsePageParam("99999999999999999999999")).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe("pageWindow", () => {
  it("turns a page into LIMIT and OFFSET", () => {
    expect(pageWindow(1, 24)).toEqual({ limit: 24, offset: 0 });
    expect(pageWindow(3, 24)).toEqual({ limit: 24, offset: 48 });
  });
  it("never asks for an OFFSET past what a database accepts", () => {
    expect(pageWindow(Number.MAX_SAFE_INTEGER, 24).offset).toBe(2 ** 31);
  });
});

describe("pageCount", () => {
  it("rounds up and never says zero pages", () => {
    expect(pageCount(0, 24)).toBe(1);
    expect(pageCount(24, 24)).toBe(1);
    expect(pageCount(25, 24)).toBe(2);
    expect(pageCount(10_000, 24)).toBe(417);
  });
});

describe("pageHref", () => {
  it("gives page 1 the list's own address and later pages a page parameter", () => {
    expect(pageHref("/products", 1)).toBe("/products");
    expect(pageHref("/products", 2)).toBe("/products?page=2");
  });
});
