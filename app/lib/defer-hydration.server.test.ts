import { describe, expect, it } from "vitest";
import { deferHydrationMarkup } from "./defer-hydration.server";

describe("deferHydrationMarkup", () => {
  it("makes React Router's preloads and bootstrap inert, and leaves everything else as it was", () => {
    const page =
      '<head><link rel="modulepreload" href="/assets/a.js" nonce="n"/><link rel="stylesheet" href="/s.css"/></head>' +
      '<body><p>Hello</p><script nonce="n" type="module" async>import("/assets/a.js")</script>' +
      '<script type="module">import("/other.js")</script></body>';
    expect(deferHydrationMarkup(page)).toBe(
      '<head><link rel="x-after-paint-modulepreload" href="/assets/a.js" nonce="n"/><link rel="stylesheet" href="/s.css"/></head>' +
        '<body><p>Hello</p><script nonce="n" type="text/x-after-paint">import("/assets/a.js")</script>' +
        '<script type="module">import("/other.js")</script></body>',
    );
  });

  it("takes the attribute as React writes it too", () => {
    expect(deferHydrationMarkup('<script nonce="n" type="module" async="">x</script>')).toBe(
      '<script nonce="n" type="text/x-after-paint">x</script>',
    );
  });
});
