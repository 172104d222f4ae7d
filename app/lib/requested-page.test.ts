import { describe, expect, it } from "vitest";
import { requestedPage } from "./requested-page";

const page = (url: string) => {
  const found = requestedPage(new Request(url));
  return found.pathname + found.search;
};

describe("requestedPage", () => {
  it("names the page behind React Router's data requests", () => {
    expect(page("http://x/my-purchases.data")).toBe("/my-purchases");
    expect(page("http://x/admin.data?page=2&_routes=routes%2Fadmin")).toBe("/admin?page=2");
    expect(page("http://x/_root.data")).toBe("/");
    expect(page("http://x/admin?index&page=3")).toBe("/admin?page=3");
  });

  it("leaves a page request as it is", () => {
    expect(page("http://x/product/chakra-balance-guide?x=1")).toBe("/product/chakra-balance-guide?x=1");
  });
});
