// Mozilla's HTTP Observatory scan with custom ports. The package's own scan() ignores its ports
// option (it calls retrieve(hostname) without it), so this repeats scan() with the options passed
// through, using the package's own tests and grading. Usage: node observatory-scan.mjs host httpPort httpsPort path

import { existsSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { ALL_TESTS } from "@mdn/mdn-http-observatory/src/constants.js";
import { MINIMUM_SCORE_FOR_EXTRA_CREDIT } from "@mdn/mdn-http-observatory/src/grader/charts.js";
import { getGradeForScore, getScoreModifier } from "@mdn/mdn-http-observatory/src/grader/grader.js";
import { retrieve } from "@mdn/mdn-http-observatory/src/retriever/retriever.js";

// Installed with --ignore-scripts (its install step downloads Chromium's HSTS preload list, which
// this machine cannot reach): offline the list is empty, and localhost is not on it anyway.
const packageDir = path.dirname(createRequire(import.meta.url).resolve("@mdn/mdn-http-observatory/package.json"));
const preload = path.join(packageDir, "conf", "hsts-preload.json");
if (!existsSync(preload)) writeFileSync(preload, "{}\n");

const [hostname, httpPort, httpsPort, pagePath = "/"] = process.argv.slice(2);
const r = await retrieve(hostname, { httpPort, httpsPort, path: pagePath });
if (!r.responses.auto) throw new Error("The site seems to be down.");

let scoreWithExtraCredit = 100;
let uncurvedScore = 100;
const tests = {};
for (const test of ALL_TESTS) {
  const result = test(r);
  if (result.result) {
    result.scoreModifier = getScoreModifier(result.result);
    scoreWithExtraCredit += result.scoreModifier;
    if (result.scoreModifier < 0) uncurvedScore += result.scoreModifier;
  }
  tests[result.constructor.name] = { pass: result.pass, result: result.result, scoreModifier: result.scoreModifier };
}
const score = uncurvedScore >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? scoreWithExtraCredit : uncurvedScore;
const final = getGradeForScore(score);
process.stdout.write(JSON.stringify({ scan: { grade: final.grade, score: final.score }, tests }));
