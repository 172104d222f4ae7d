import { describe, expect, it } from "vitest";
import { SERVICES } from "~/features/booking/booking-model";
import { PACKAGE_TIMES } from "./refund-policy";

describe("the Refund Policy", () => {
  it("states each package's time as booking enforces it", () => {
    const packages = SERVICES.filter((service) => service.sessions > 1);
    expect(packages.length).toBeGreaterThan(0);
    const said = packages.map((service) => `${service.windowDays} days for the ${service.title}`).join(" and ");
    expect(PACKAGE_TIMES).toBe(said);
  });
});
