import { describe, expect, it } from "vitest";
import { AppError, errorData } from "./app-error";

describe("errorData", () => {
  it("logs an error that is not a refusal before answering 500, and never a refusal", () => {
    const logged: object[] = [];
    const logger = { error: (fields: object) => logged.push(fields) };
    const failure = new RangeError("Invalid time value");
    const answer = errorData(failure, logger);
    expect(answer.init?.status).toBe(500);
    expect(logged).toEqual([{ err: failure }]);
    expect(errorData(new AppError("conflict", "Taken"), logger).init?.status).toBe(409);
    expect(logged).toHaveLength(1);
  });
});
