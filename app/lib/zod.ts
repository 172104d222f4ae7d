import { z } from "zod";

// zod compiles object parsers with `new Function` when it can. The Content-Security-Policy forbids
// eval, so in the browser that probe only logs a violation; parse without it everywhere.
z.config({ jitless: true });

export { z };
