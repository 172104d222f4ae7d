import type { Hono } from "hono";

type App = Pick<Hono, "request">;

/**
 * A tiny browser for in-process HTTP tests: keeps cookies between requests and sends form posts
 * the way a browser without JavaScript would (same-origin, urlencoded).
 */
export class HttpSession {
  private cookies = new Map<string, string>();
  constructor(
    private app: App,
    private origin = "http://localhost:3000",
    private extraHeaders: Record<string, string> = {},
  ) {}

  private remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, ...rest] = (pair ?? "").split("=");
      if (!name) continue;
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim())) || rest.join("=") === "";
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), rest.join("="));
    }
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  hasCookie(name: string): boolean {
    return this.cookies.has(name);
  }

  async get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    const res = await this.app.request(`${this.origin}${path}`, {
      headers: { cookie: this.cookieHeader(), ...this.extraHeaders, ...headers },
      redirect: "manual",
    });
    this.remember(res);
    return res;
  }

  async post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    const res = await this.app.request(`${this.origin}${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: this.origin,
        cookie: this.cookieHeader(),
        ...this.extraHeaders,
        ...headers,
      },
      redirect: "manual",
    });
    this.remember(res);
    return res;
  }
}
