import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { deferHydration } from "./defer-hydration.server";

async function through(chunks: string[]): Promise<string> {
  let out = "";
  for await (const chunk of Readable.from(chunks.map((c) => Buffer.from(c))).pipe(deferHydration())) out += chunk;
  return out;
}

const page =
  '<head><link rel="modulepreload" href="/assets/a.js" nonce="n"/><link rel="stylesheet" href="/s.css"/></head>' +
  '<body><p>Hello</p><script nonce="n" type="module" async="">import("/assets/a.js")</script></body>';

describe("deferHydration", () => {
  it("makes React Router's preloads and bootstrap inert, and leaves everything else as it was", async () => {
    const out = await through([page]);
    expect(out).toBe(
      '<head><link rel="x-after-paint-modulepreload" href="/assets/a.js" nonce="n"/><link rel="stylesheet" href="/s.css"/></head>' +
        '<body><p>Hello</p><script nonce="n" type="text/x-after-paint">import("/assets/a.js")</script></body>',
    );
  });

  it("catches a tag split across chunks, wherever it is cut", async () => {
    const whole = await through([page]);
    for (let cut = 1; cut < page.length; cut++) {
      expect(await through([page.slice(0, cut), page.slice(cut)])).toBe(whole);
    }
  });

  it("passes multi-byte text through unchanged", async () => {
    expect(await through(["Zoë’s ", "guide ✦"])).toBe("Zoë’s guide ✦");
  });
});
