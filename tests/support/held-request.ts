import http from "node:http";

export type HeldRequest = {
  /** Sends the body; resolves with the server's answer. */
  finish(): Promise<{ status: number; text: string }>;
};

/**
 * A form POST the server has provably started handling but cannot finish yet: it is sent with
 * `Expect: 100-continue`, and only once the server has answered `100 Continue` (so it has parsed
 * the request and handed it to the app) do we resolve; the body follows when `finish` is called.
 * Between the two, the request is in flight by any definition, which makes "in-flight requests
 * complete after SIGTERM" testable without guessing at timing.
 */
export function holdFormPost(url: string, fields: Record<string, string>, headers: Record<string, string>) {
  const body = new URLSearchParams(fields).toString();
  return new Promise<HeldRequest>((resolve, reject) => {
    const request = http.request(url, {
      method: "POST",
      agent: false,
      headers: {
        ...headers,
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(Buffer.byteLength(body)),
        expect: "100-continue",
      },
    });
    const answer = new Promise<{ status: number; text: string }>((resolveAnswer, rejectAnswer) => {
      request.on("response", (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () => resolveAnswer({ status: response.statusCode ?? 0, text }));
        response.on("error", rejectAnswer);
      });
      request.on("error", rejectAnswer);
    });
    // Until `continue` arrives, an error means the request never reached the app.
    request.once("error", reject);
    request.once("continue", () =>
      resolve({
        finish() {
          request.end(body);
          return answer;
        },
      }),
    );
    request.flushHeaders();
  });
}
